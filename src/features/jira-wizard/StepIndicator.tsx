import { JIRA_WIZARD_STEPS, type JiraWizardStep } from '../../lib/paths';

export const STEP_TITLES: Record<JiraWizardStep, string> = {
  connection: 'Connection',
  schedule: 'Schedule',
  credential: 'Credential',
  review: 'Review',
};

/** Where the person is: an ordered list whose current item says so. */
export function StepIndicator({ current }: { current: JiraWizardStep }) {
  const currentIndex = JIRA_WIZARD_STEPS.indexOf(current);
  return (
    <ol className="wizard-steps" aria-label="Steps">
      {JIRA_WIZARD_STEPS.map((step, index) => (
        <li
          key={step}
          aria-current={step === current ? 'step' : undefined}
          className={index < currentIndex ? 'done' : undefined}
        >
          <span className="wizard-step-number" aria-hidden="true">
            {index + 1}
          </span>{' '}
          {STEP_TITLES[step]}
          {index < currentIndex && <span className="visually-hidden"> (done)</span>}
        </li>
      ))}
    </ol>
  );
}
