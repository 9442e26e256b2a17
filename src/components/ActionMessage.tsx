import { useEffect, useRef } from 'react';

/**
 * What an action did, said politely and given the keyboard when new words
 * arrive (docs/panel.md, "Focus after an action").
 */
export function ActionMessage({ words, className }: { words: string; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (words) ref.current?.focus();
  }, [words]);
  return (
    <p role="status" ref={ref} tabIndex={-1} className={className ?? 'action-message'}>
      {words}
    </p>
  );
}
