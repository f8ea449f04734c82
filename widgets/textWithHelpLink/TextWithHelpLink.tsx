import type { FieldWidgetDefinition, FieldWidgetProps } from '../../engine/react/widget-api';
import { t } from '../../engine/react/messages';
import { TextInput } from '../text/TextInput';

export interface HelpLink {
  href: string;
  text: string;
}

/**
 * The help link of a textWithHelpLink field from its `data`: a URL string, or an object with
 * the URL in `link`/`url`/`href`/`helpLink` and the text in `linkText`/`text`/`helpText`.
 * Only http(s) and relative links are kept, so a stored `javascript:` URL cannot run.
 */
export function helpLinkOf(data: unknown): HelpLink | undefined {
  const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : undefined;
  const pick = (...names: string[]) => names.map((n) => record?.[n]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const href = typeof data === 'string' ? data : pick('link', 'url', 'href', 'helpLink');
  if (!href || !/^(https?:\/\/|\/)/i.test(href.trim())) return undefined;
  return { href: href.trim(), text: pick('linkText', 'text', 'helpText', 'label') ?? t.helpLink };
}

function TextWithHelpLink(props: FieldWidgetProps<string>) {
  const link = helpLinkOf(props.data);
  const helpId = `${props.id}-help`;
  return (
    <TextInput
      {...props}
      kind="text"
      extraDescribedBy={link ? helpId : undefined}
      after={
        link && (
          <p className="blk-help" id={helpId}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.text}
            </a>
          </p>
        )
      }
    />
  );
}

export const textWithHelpLinkWidget: FieldWidgetDefinition<string> = {
  id: 'textWithHelpLink',
  kind: 'field',
  chrome: 'label',
  Entry: TextWithHelpLink,
};
