// Arrival, a new step, or a failed attempt moves focus: to the error summary when
// shown, else the step's heading. On arrival nothing is focused yet (the
// catalogue's link or search box that led here is gone, which leaves it on <body>).
import { useEffect, useRef, useState } from 'react';
import type { WizardStep } from '../../lib/paths';

export function useStepFocus(step: WizardStep) {
  const [focusRequest, setFocusRequest] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const lastFocus = useRef<{ step: WizardStep; focusRequest: number } | null>(null);
  useEffect(() => {
    const last = lastFocus.current;
    if (last?.step === step && last.focusRequest === focusRequest) return;
    lastFocus.current = { step, focusRequest };
    (summaryRef.current ?? headingRef.current)?.focus();
  }, [step, focusRequest]);
  const refocus = () => setFocusRequest((n) => n + 1);
  return { headingRef, summaryRef, refocus };
}
