// A source as a person knows it: its mark (simple-icons, loaded after the
// list's first rows) or a coloured letter badge, and its label. No image files
// and no inline style, under the CSP's style-src 'self': the mark is an SVG
// path whose colour is an attribute.
import { sourceHue, sourceLook } from '../lib/sources';
import { useSourceLogo } from './sourceLogo';
import './SourceLabel.css';

export function SourceLogo({ source }: { source: string }) {
  const logo = useSourceLogo(source);
  const { initials } = sourceLook(source);
  if (logo) {
    return (
      <svg
        aria-hidden="true"
        className="source-badge source-logo"
        viewBox="0 0 24 24"
        focusable="false"
        data-source-logo={source}
      >
        <path d={logo.path} fill={`#${logo.hex}`} />
      </svg>
    );
  }
  return (
    <span aria-hidden="true" className={`source-badge source-hue-${sourceHue(source)}`}>
      {initials}
    </span>
  );
}

export function SourceLabel({ source }: { source: string }) {
  return (
    <span className="source-label">
      <SourceLogo source={source} />
      {sourceLook(source).label}
    </span>
  );
}
