import { controlIdOf } from './wizardFields';
import { WizardFrequency } from './WizardFrequency';
import type { WizardSource } from './wizardValues';

export function ScheduleStep({ wizard }: { wizard: WizardSource }) {
  const { label } = wizard.panel;
  return (
    <>
      <WizardFrequency
        name="refresh"
        id={controlIdOf('refresh.amount', wizard.panel)}
        legend="Refresh frequency"
        hint={`How often what is new or changed in ${label} is fetched. At least every minute.`}
      />
      <WizardFrequency
        name="prune"
        id={controlIdOf('prune.amount', wizard.panel)}
        legend="Prune frequency"
        hint={`How often what was deleted in ${label} is removed from the index. At least every 5 minutes; one day by default.`}
      />
    </>
  );
}
