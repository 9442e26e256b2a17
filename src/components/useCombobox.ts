// The keyboard and open state of an editable combobox with list autocomplete
// (WAI-ARIA APG): focus stays in the input, the active option is the one
// aria-activedescendant names. The caller supplies the options and what a
// choice does; the hook owns nothing of the data.
import { useState, type KeyboardEvent } from 'react';

interface ComboboxOptions<T> {
  /** Every option, before the typed text narrows them. */
  options: readonly T[];
  /** The options left for a typed text. */
  match: (options: readonly T[], typed: string) => readonly T[];
  /** The option now chosen (shown in the box when nothing is typed), if any. */
  isCurrent: (option: T) => boolean;
  onSelect: (option: T) => void;
  /** Enter on an empty box (the person cleared it). */
  onClear: () => void;
}

export function useCombobox<T>({
  options,
  match,
  isCurrent,
  onSelect,
  onClear,
}: ComboboxOptions<T>) {
  const [open, setOpen] = useState(false);
  /** What the person typed; null shows the current option. */
  const [typed, setTyped] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);

  const visible = match(options, typed ?? '');
  const expanded = open && visible.length > 0;
  const active = expanded ? visible[activeIndex] : undefined;

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
  };
  const select = (option: T) => {
    onSelect(option);
    setTyped(null);
    close();
  };
  const wrap = (index: number) => (index + visible.length) % visible.length;
  const move = (step: 1 | -1) => {
    if (!open) {
      const current = typed === null ? visible.findIndex(isCurrent) : -1;
      setOpen(true);
      setActiveIndex(current >= 0 ? current : step === 1 ? 0 : visible.length - 1);
    } else {
      setActiveIndex(
        activeIndex < 0 ? (step === 1 ? 0 : visible.length - 1) : wrap(activeIndex + step),
      );
    }
  };
  /** Enter without an active option: an empty box clears; other text goes back to the current option. */
  const commit = () => {
    if (typed !== null && typed.trim() === '') onClear();
    setTyped(null);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (event.altKey) setOpen(event.key === 'ArrowDown');
      else move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && (open || typed !== null)) {
      event.preventDefault(); // a form around the box is not submitted by choosing
      if (active) select(active);
      else commit();
    } else if (event.key === 'Escape' && (open || typed !== null)) {
      event.preventDefault();
      if (open) close();
      else setTyped(null); // the second Escape drops what was typed
    }
  };

  return {
    open,
    expanded,
    typed,
    visible,
    active,
    activeIndex,
    select,
    onKeyDown,
    onType: (text: string) => {
      setTyped(text);
      setOpen(true);
      setActiveIndex(-1);
    },
    onOpen: () => setOpen(true),
    onLeave: () => {
      close();
      setTyped(null);
    },
  };
}
