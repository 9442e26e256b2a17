import type { WizardStep } from '../../lib/paths';

export const STEP_TITLES: Record<WizardStep, string> = {
  connection: 'Connection',
  schedule: 'Schedule',
  credential: 'Credential',
  access: 'Access',
  review: 'Review',
};

/** Where the person is: an ordered list whose current item says so. */
export function StepIndicator({
  steps,
  current,
}: {
  steps: readonly WizardStep[];
  current: WizardStep;
}) {
  const currentIndex = steps.indexOf(current);
  return (
    <ol className="wizard-steps" aria-label="Steps">
      {steps.map((step, index) => (
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
