// A connector's or a pair's health in a word and an icon: the word
// says it, the icon repeats it for a glance, the colour only follows; the
// reasons it needs attention are in the title and in the words beside it.
import { healthWord, type ConnectorHealth } from '../lib/connectorHealth';

const ICONS: Record<string, string> = {
  Healthy: '✓',
  Paused: '⏸',
  Failing: '⚠',
  'Needs attention': '!',
  Indexing: '↻',
  'Waiting for a worker': '…',
  Stalled: '⚠',
};

export function HealthMark({ health }: { health: ConnectorHealth | undefined }) {
  if (!health) return <span className="hint">Not known yet</span>;
  const word = healthWord(health);
  return (
    <span
      className={`health-mark health-${word.toLowerCase().replace(/\W+/g, '-')}`}
      title={health.attention.map((a) => a.message).join(' ') || undefined}
    >
      <span aria-hidden="true" className="health-icon">
        {ICONS[word] ?? '⚠'}
      </span>{' '}
      <span className="health-word">{word}</span>
    </span>
  );
}
