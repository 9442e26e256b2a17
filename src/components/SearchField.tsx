// A search box whose text lives in the address: it keeps what is typed itself,
// so each key shows at once while the address follows, and takes the address's
// text when that changes by other means (back, a link).
import { useState } from 'react';

/** What is typed, kept here while the address (`value`) follows each key through `onSearch`. */
export function useSearchText(value: string, onSearch: (text: string) => void) {
  const [typed, setTyped] = useState(value);
  const [fromAddress, setFromAddress] = useState(value);
  if (value !== fromAddress) {
    setFromAddress(value);
    setTyped(value);
  }
  const type = (text: string) => {
    setTyped(text);
    onSearch(text);
  };
  return [typed, type] as const;
}

export function SearchField(props: {
  id: string;
  label: string;
  /** The text in the address. */
  value: string;
  /** Every key: the page puts the text in the address. */
  onSearch: (text: string) => void;
  className?: string;
}) {
  const { id, label, value, onSearch, className = 'field' } = props;
  const [typed, type] = useSearchText(value, onSearch);
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={typed} onChange={(event) => type(event.target.value)} />
    </div>
  );
}
