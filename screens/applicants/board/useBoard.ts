import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActionAnswer } from '../../../schemas/generated/actions';
import { call } from '../call';

export type BoardColumn = ActionAnswer['get_applicantBoard']['columns'][number];
export type BoardCard = BoardColumn['cards'][number];

/** Cards newest first (the server's order), each once. */
function merged(cards: BoardCard[]): BoardCard[] {
  const seen = new Set<number>();
  return cards.filter((c) => !seen.has(c.id) && seen.add(c.id)).sort((a, b) => b.id - a.id);
}

/**
 * The board's columns: the first batch of each, 'Visa fler' per column (by key), and a move
 * shown at once (the card to its new column with the stage clock at 0, counts adjusted)
 * that `reload` replaces with the server's truth when the move is refused. With
 * `hideRejected` the 'Ej intressant' applicants are left out (the board's switch).
 */
export function useBoard(positionId: number, hideRejected = false) {
  const [columns, setColumns] = useState<BoardColumn[] | null>(null);
  const [rejectedLabelId, setRejectedLabelId] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);
  const latest = useRef<BoardColumn[] | null>(null);
  latest.current = columns;

  useEffect(() => {
    let live = true;
    setFailed(false);
    call('get_applicantBoard', { positionId, hideRejected })
      .then((b) => {
        if (!live) return;
        setRejectedLabelId(b.rejectedLabelId);
        setColumns(b.columns);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [positionId, hideRejected, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  const more = useCallback(
    async (labelId: number) => {
      const col = latest.current?.find((c) => c.labelId === labelId);
      if (!col || col.next === null) return;
      const b = await call('get_applicantBoard', { positionId, processLabelId: labelId, after: col.next, hideRejected });
      const page = b.columns[0];
      if (!page) return;
      setColumns((prev) => prev?.map((c) => (c.labelId === labelId ? { ...c, count: page.count, next: page.next, cards: merged([...c.cards, ...page.cards]) } : c)) ?? prev);
    },
    [positionId, hideRejected],
  );

  const place = useCallback((cardId: number, from: number, to: number) => {
    setColumns((prev) => {
      const card = prev?.find((c) => c.labelId === from)?.cards.find((x) => x.id === cardId);
      if (!prev || !card) return prev;
      const no = card.rejected ? 1 : 0;
      return prev.map((c) => {
        if (c.labelId === from) return { ...c, count: Math.max(0, c.count - 1), rejected: Math.max(0, c.rejected - no), cards: c.cards.filter((x) => x.id !== cardId) };
        if (c.labelId === to) return { ...c, count: c.count + 1, rejected: c.rejected + no, cards: merged([{ ...card, days: 0 }, ...c.cards]) };
        return c;
      });
    });
  }, []);

  const find = useCallback((cardId: number) => {
    for (const c of latest.current ?? []) {
      const card = c.cards.find((x) => x.id === cardId);
      if (card) return { card, column: c };
    }
    return undefined;
  }, []);

  return { columns, rejectedLabelId, failed, reload, more, place, find };
}
