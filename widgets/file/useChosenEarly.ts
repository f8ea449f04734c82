import { useEffect, useRef, type RefObject } from 'react';

/**
 * Files chosen in the server-drawn form before the script took it over are in the file input,
 * not in the answers: at mount they are handed to `choose` as if chosen now, and the input is
 * emptied, as after every choice. Shared by the file and image widgets.
 */
export function useChosenEarly(input: RefObject<HTMLInputElement | null>, choose: (files: FileList) => void): void {
  const first = useRef(choose);
  useEffect(() => {
    const el = input.current;
    if (!el?.files?.length) return;
    first.current(el.files);
    el.value = '';
  }, [input]);
}
