import { Field } from '../../components/Field';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { ApiError, getApiBase } from '../../api/client';
import { useSignIn, useSignInMethods } from '../../api/sessionHooks';
import { describeError } from '../../lib/describeError';
import { useSession } from '../../lib/useSession';

/** Only paths inside the panel are followed after sign-in; none leads to "/", which leads each role on. */
const safeReturn = (from: string | null) =>
  from?.startsWith('/') && !from.startsWith('//') ? from : '/';

/** Where single sign-on starts, on the server that serves the API, with the page to come back to. */
const singleSignOnHref = (loginUrl: string, from: string) => {
  const api = new URL(getApiBase(), window.location.origin);
  const url = new URL(loginUrl, api);
  url.searchParams.set('next', from);
  return url.href;
};

export function SignInPage() {
  const { signedIn, reason } = useSession();
  const [searchParams] = useSearchParams();
  const signIn = useSignIn();
  const methods = useSignInMethods();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The key box has the keyboard on arrival (single sign-on is one link away).
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => box.current?.focus(), []);
  const from = safeReturn(searchParams.get('from'));

  // Signed in: on to the page asked for; the keyboard goes with it (the shell's pageArrived).
  if (signedIn) return <Navigate to={from} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!key.trim()) {
      setError('Paste your API key: the sign-in link or key from your administrator.');
      box.current?.focus();
      return;
    }
    setError(null);
    signIn.mutate(key, {
      onError: (failure) => {
        setError(
          failure instanceof ApiError && failure.status === 401
            ? `The server did not accept this key. ${failure.message.replace(/^Access denied\.\s*/, '')}`.trim()
            : describeError(failure),
        );
        box.current?.focus();
      },
    });
  };
  const oidc = methods.data?.oidc;

  return (
    <main className="sign-in" id="main">
      <h1>Sign in to Sourcedesk</h1>
      {reason && (
        <p role="alert" className="notice notice-error">
          {reason}
        </p>
      )}
      {oidc && (
        <p>
          <a className="button" href={singleSignOnHref(oidc.login_url, from)}>
            Sign in with {oidc.name}
          </a>
        </p>
      )}
      <h2>Use an API key</h2>
      <p>
        Your administrator gives you a key, often as a link that opens the panel already signed in.
        The administrator who installed Sourcedesk finds the first key where the server was started,
        and can issue more from there.
      </p>
      <form onSubmit={submit} noValidate>
        <Field
          id="api-key"
          label="API key"
          hint="The key is exchanged for a session once: the panel keeps no key, and Sign out ends the session."
          error={error}
          className="field"
        >
          {(control) => (
            <input
              {...control}
              ref={box}
              name="api-key"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={key}
              onChange={(event) => setKey(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
