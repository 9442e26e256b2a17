// @vitest-environment jsdom
// D13's group boxes with a thousand groups: a search finds a group by name,
// only a dozen boxes are on screen at once, and the chosen ones stay in view.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { GroupBoxes } from './AccessChoice';

const GROUPS = Array.from({ length: 1000 }, (_, index) => ({
  id: index + 1,
  name: `Team ${String(index + 1).padStart(4, '0')}`,
}));

function Boxes() {
  const [chosen, setChosen] = useState<number[]>([]);
  return <GroupBoxes id="pair-groups" groups={GROUPS} chosen={chosen} onChange={setChosen} />;
}

const boxNames = () =>
  screen.getAllByRole('checkbox').map((box) => box.closest('label')!.textContent?.trim());

test('1,000 groups: twelve boxes, a search by name, and the chosen one kept in view', async () => {
  const user = userEvent.setup();
  render(<Boxes />);
  expect(screen.getAllByRole('checkbox')).toHaveLength(12);
  expect(screen.getByRole('status')).toHaveTextContent(
    '988 more groups match: type more of a name to find them.',
  );

  await user.type(screen.getByLabelText('Find a group by name'), 'team 0777');
  expect(boxNames()).toEqual(['Team 0777']);
  await user.click(screen.getByLabelText('Team 0777'));

  await user.clear(screen.getByLabelText('Find a group by name'));
  await user.type(screen.getByLabelText('Find a group by name'), 'TEAM 09');
  // The chosen group stays, with the first twelve of the 100 matches.
  expect(boxNames()).toEqual(
    [
      ...Array.from({ length: 12 }, (_, index) => `Team 09${String(index).padStart(2, '0')}`),
      'Team 0777',
    ].sort(),
  );
  expect(screen.getByLabelText('Team 0777')).toBeChecked();
  expect(screen.getByRole('status')).toHaveTextContent('88 more groups match');

  await user.clear(screen.getByLabelText('Find a group by name'));
  await user.type(screen.getByLabelText('Find a group by name'), 'sales');
  expect(boxNames()).toEqual(['Team 0777']);
  expect(screen.getByRole('status')).toHaveTextContent('No other group’s name holds “sales”.');
});

test('a dozen groups or fewer: every box, no search', () => {
  render(<GroupBoxes id="g" groups={GROUPS.slice(0, 12)} chosen={[]} onChange={() => undefined} />);
  expect(screen.getAllByRole('checkbox')).toHaveLength(12);
  expect(screen.queryByLabelText('Find a group by name')).not.toBeInTheDocument();
});
