import { allowedAgeInPeriod } from './allowedAgeInPeriod';
import { allowedYears } from './allowedYears';
import { allowedYearsBornSwe } from './allowedYearsBornSwe';
import { approved } from './approved';
import { beCustomGroupValidation } from './beCustomGroupValidation';
import { equalYearBorn } from './equalYearBorn';
import { fileRequired } from './fileRequired';
import { minLength } from './minLength';
import { mobilePhoneSwe } from './mobilePhoneSwe';
import { phoneSwe } from './phoneSwe';
import { minSelectedInGroup } from './minSelectedInGroup';
import { minYearAtStart } from './minYearAtStart';
import { minYearBorn } from './minYearBorn';
import { minYearBornSwe } from './minYearBornSwe';
import { radioRequired } from './radioRequired';
import { ssnValidSwe } from './ssnValidSwe';
import type { ValidatorImpl } from './types';
import { validEmail } from './validEmail';
import { webAddress } from './webAddress';
import { zipcodeSwe } from './zipcodeSwe';

/** The code of the nineteen built-in validators, by name. */
export const builtinValidators: Record<string, ValidatorImpl<any>> = Object.fromEntries(
  [
    ssnValidSwe, validEmail, approved, minLength, minYearBorn, minYearBornSwe, allowedYearsBornSwe,
    equalYearBorn, allowedYears, allowedAgeInPeriod, minYearAtStart, minSelectedInGroup,
    beCustomGroupValidation, radioRequired, fileRequired, phoneSwe, mobilePhoneSwe, zipcodeSwe, webAddress,
  ].map((v) => [v.name, v]),
);

export type { ValidatorImpl, RuntimeContext } from './types';
export { DataError } from './types';
