import { Field } from '../../components/Field';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { session } from '../../lib/session';
import { useSession } from '../../lib/useSession';

/** Only paths inside the panel are followed after sign-in. */
// Without a page to return to, "/": it leads each role to the first page it may use.
const safeReturn = (from: string | null) =>
  from?.startsWith('/') && !from.startsWith('//') ? from : '/';

export function SignInPage() {
  const { apiKey, reason } = useSession();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The one thing to do here is to paste a key: the box has the keyboard on arrival.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => box.current?.focus(), []);

  if (apiKey) return <Navigate to={safeReturn(searchParams.get('from'))} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!key.trim()) {
      setError('Paste your API key: the sign-in link or key from your administrator.');
      return;
    }
    queryClient.clear();
    session.signIn(key);
  };

  return (
    <main className="sign-in" id="main">
      <h1>Sign in to Sourcedesk</h1>
      {reason && (
        <p role="alert" className="notice notice-error">
          {reason}
        </p>
      )}
      <p>
        Sourcedesk signs you in with an API key. Your administrator gives you one, often as a link
        that opens the panel already signed in. The administrator who installed Sourcedesk finds the
        first key where the server was started, and can issue more from there.
      </p>
      <form onSubmit={submit} noValidate>
        <Field
          id="api-key"
          label="API key"
          hint="The key is kept for this browser tab only and is sent to the server as a bearer token."
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
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}
