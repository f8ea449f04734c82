import { compileTemplate } from '../../../engine/index';
import type { CompileContext, MetadataProperty, ValidatorRef } from '../../../engine/index';

let counter = 0;

/** A one-field form (fresh content each call, so the cache never hides a compile). */
export function field(type: string, validators: ValidatorRef[] = [], extra: Partial<MetadataProperty> = {}): MetadataProperty {
  return { key: 'f', type, label: `Fält ${++counter}`, validators, ...extra };
}

/** Validates one answer of a one-field form; returns the failing validator names. */
export function failures(property: MetadataProperty, value: unknown, ctx?: CompileContext): string[] {
  const form = compileTemplate({ metadata: [property] }, ctx);
  const answers = value === undefined ? {} : { [property.key]: value };
  return form.validate(answers).errors.map((e) => e.validator);
}

/** A personnummer for the date with a correct check digit (serial 123). */
export const PNR = {
  born20060531: '200605311232',
  born20060601: '200606011237',
  born20060602: '200606021236',
  born20080229: '200802291237',
  born20070101: '200701011231',
  born20061231: '200612311233',
  born20050101: '200501011233',
  born20050831: '200508311230',
  born20050901: '200509011235',
  born20060101: '200601011232',
  born19900101: '199001011239',
  /** Skatteverket's well-known example numbers. */
  example: '198112189876',
  tolvan: '191212121212',
  samordning: '197010632391',
};
