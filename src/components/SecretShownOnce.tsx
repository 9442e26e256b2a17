// A secret the server shows once (an API key, a worker key, the SCIM token):
// the warning, the secret in a read-only box, Copy with its answer in a live
// region, and Done. One look and one keyboard path for every such secret.
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';

type Copied = '' | 'Copied' | 'Not copied: select the text and copy it by hand.';

/** Copy `text` to the clipboard; the result is said in a live region beside the button. */
export function CopyButton({
  text,
  children = 'Copy',
  ref,
}: {
  text: string;
  children?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}) {
  const [said, setSaid] = useState<Copied>('');
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setSaid('Copied');
    } catch {
      setSaid('Not copied: select the text and copy it by hand.');
    }
  };
  return (
    <>
      <button type="button" ref={ref} onClick={() => void copy()}>
        {children}
      </button>{' '}
      <span role="status">{said}</span>
    </>
  );
}

const COLUMNS = 40;

/** Read-only text that selects itself when it gets the keyboard, so it can be copied by hand. */
export function CopyText({ label, text }: { label: string; text: string }) {
  return (
    <textarea
      readOnly
      className="copy-text"
      aria-label={label}
      value={text}
      cols={COLUMNS}
      rows={Math.max(1, Math.ceil(text.length / COLUMNS))}
      spellCheck={false}
      onFocus={(event) => event.currentTarget.select()}
    />
  );
}

interface SecretShownOnceProps {
  /** The region's name, e.g. "The new worker key". */
  title: string;
  /** The secret's label, e.g. "Worker key". */
  label: string;
  /** What to copy, in the warning: "Copy {what} now: you will not see it again." */
  what: string;
  secret: string;
  onDone: () => void;
  /**
   * The keyboard lands on Copy, the action's next step; false where the page's
   * own result message takes it (the API keys page).
   */
  takeFocus?: boolean;
  /** More words after the warning (where to paste it). */
  children?: ReactNode;
}

export function SecretShownOnce({
  title,
  label,
  what,
  secret,
  onDone,
  takeFocus = true,
  children,
}: SecretShownOnceProps) {
  const copy = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takeFocus) copy.current?.focus();
  }, [takeFocus, secret]);
  return (
    <section aria-label={title} className="notice">
      <p>
        <strong>Copy {what} now: you will not see it again.</strong>
        {children ? <> {children}</> : null}
      </p>
      <p>
        <CopyText label={label} text={secret} /> <CopyButton ref={copy} text={secret} />
      </p>
      <button type="button" onClick={onDone}>
        Done
      </button>
    </section>
  );
}
