import { fieldId } from './wizardFields';
import { WizardFrequency } from './WizardFrequency';

export function ScheduleStep() {
  return (
    <>
      <WizardFrequency
        name="refresh"
        id={fieldId('refresh')}
        legend="Refresh frequency"
        hint="How often new and changed Jira issues are fetched. At least every minute; one hour by default."
      />
      <WizardFrequency
        name="prune"
        id={fieldId('prune')}
        legend="Prune frequency"
        hint="How often issues deleted in Jira are removed from the index. At least every 5 minutes; one day by default."
      />
    </>
  );
}
