// A source as a person knows it: a coloured letter badge (no image files, and
// no inline style, under the CSP's style-src 'self') and its label.
import { sourceHue, sourceLook } from '../lib/sources';
import './SourceLabel.css';

export function SourceLabel({ source }: { source: string }) {
  const { label, initials } = sourceLook(source);
  return (
    <span className="source-label">
      <span aria-hidden="true" className={`source-badge source-hue-${sourceHue(source)}`}>
        {initials}
      </span>
      {label}
    </span>
  );
}
