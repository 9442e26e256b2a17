// A plan's steps counted per kind ("Create 10,000 connectors"), each opened
// on demand: a closed group puts none of its lines on the page, so a plan of
// 22,000 steps is a few lines until one asks for more.
import { useState } from 'react';
import type { PlanGroup } from './planView';

export function PlanGroups({ groups }: { groups: PlanGroup[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  if (groups.length === 0) return <p>Nothing: this server already matches the file.</p>;
  const toggle = (key: string, isOpen: boolean) =>
    setOpen((was) => {
      if (was.has(key) === isOpen) return was;
      const next = new Set(was);
      if (isOpen) next.add(key);
      else next.delete(key);
      return next;
    });
  return (
    <ul className="plan-groups">
      {groups.map((group) => (
        <li key={group.key}>
          <details
            open={open.has(group.key)}
            onToggle={(event) => toggle(group.key, event.currentTarget.open)}
          >
            <summary>{group.title}</summary>
            {open.has(group.key) ? (
              <ul className="plan-lines">
                {group.lines.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            ) : null}
          </details>
        </li>
      ))}
    </ul>
  );
}
