import type { ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Text } from 'react-aria-components';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../../engine/fill';
import { useDeferredMenu, type FirstUse } from '../../shared/deferred';

const t = sv.exports;
const h = sv.hiringDay;

/** Props of the export menu's react-aria part. */
interface ExportMenuAriaProps {
  busy: boolean;
  /** How many applicants are selected: the PDF needs at least one. */
  selected: number;
  onExport(kind: 'csv' | 'pdf'): void;
  first?: FirstUse;
  children: ReactNode;
}

/**
 * The 'Exportera' menu's react-aria part (loaded when the button is first used, ExportMenu.tsx):
 * report.csv of everyone under the filter, or a PDF of the selected applicants.
 */
export default function ExportMenuAria({ busy, selected, onExport, first, children }: ExportMenuAriaProps) {
  const menu = useDeferredMenu(first);
  // While a file is made the button keeps the focus the closing menu gives back to it (a
  // disabled one would drop it to the page) and opens nothing: aria-disabled, as BusyButton.
  const onOpenChange = (next: boolean) => (next && busy ? undefined : menu.trigger.onOpenChange(next));
  return (
    <MenuTrigger isOpen={menu.trigger.isOpen && !busy} onOpenChange={onOpenChange}>
      <Button ref={menu.button} className="bk-btn" aria-disabled={busy || undefined}>
        {children}
      </Button>
      <Popover className="exp-popover" placement="bottom end">
        <Menu className="exp-list" autoFocus={menu.autoFocus} onAction={(key) => onExport(key === 'pdf' ? 'pdf' : 'csv')} disabledKeys={selected ? [] : ['pdf']}>
          {/* Each item says what its file holds: the CSV follows the filter, the PDF the selection (issue 17 item 7). */}
          <MenuItem id="csv" className="exp-item" textValue={t.csv}>
            <Text slot="label">{t.csv}</Text>
            <Text slot="description" className="exp-hint exp-desc">
              {h.exportCsvHint}
            </Text>
          </MenuItem>
          <MenuItem id="pdf" className="exp-item" textValue={t.pdf}>
            <Text slot="label">{t.pdf}</Text>
            <Text slot="description" className="exp-hint exp-desc">
              {selected ? fill(h.exportPdfHint, { count: selected }) : t.pdfNeedsSelection}
            </Text>
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
