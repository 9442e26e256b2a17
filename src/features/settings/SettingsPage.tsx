// Settings (admins): where alerts go. The webhook's address is shown masked
// once saved (its path is its secret); "Send a test alert" says the result in
// words and gives it the keyboard; the last delivery says what became of the
// last alert (docs/operations.md, "Alerts").
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { webhookUrlSchema, type AlertSettings } from '../../contract/alerts';
import { useAlertSettings, useSaveAlertSettings, useSendTestAlert } from '../../api/alertHooks';
import { ActionMessage } from '../../components/ActionMessage';
import { ErrorNotice, QueryErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { describeError } from '../../lib/describeError';
import { placeServerErrors } from '../../lib/fieldErrors';
import { deliveryWords } from './deliveryWords';
import { WorkersSection } from './WorkersSection';

const FROM_WORDS = {
  panel: 'set on this page',
  environment: 'from SOURCEDESK_ALERT_WEBHOOK_URL',
} as const;

function WhereAlertsGo({ settings }: { settings: AlertSettings }) {
  if (!settings.webhook_url) {
    return <p>No alert webhook is set: nobody is told when a source needs attention.</p>;
  }
  return (
    <p>
      Alerts go to <code>{settings.webhook_url}</code> ({FROM_WORDS[settings.webhook_url_from!]}).
    </p>
  );
}

const webhookFormSchema = z.object({ webhook_url: webhookUrlSchema });
type WebhookForm = z.infer<typeof webhookFormSchema>;

export function SettingsPage() {
  const settings = useAlertSettings();
  const save = useSaveAlertSettings();
  const test = useSendTestAlert();
  const [said, setSaid] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<WebhookForm>({
    resolver: zodResolver(webhookFormSchema),
    defaultValues: { webhook_url: '' },
  });

  const onSave = async ({ webhook_url }: WebhookForm) => {
    setSaid('');
    try {
      await save.mutateAsync({ webhook_url });
      reset({ webhook_url: '' }); // the address is a secret: not kept on screen
      setSaid('Alert webhook saved.');
    } catch (error) {
      placeServerErrors(error, setError, (loc) =>
        loc[1] === 'webhook_url' ? 'webhook_url' : null,
      );
    }
  };
  const onClear = async () => {
    setSaid('');
    try {
      await save.mutateAsync({ webhook_url: null });
      setSaid('The webhook set here is cleared.');
    } catch (error) {
      setSaid(`Not cleared. ${describeError(error)}`);
    }
  };
  const onTest = async () => {
    setSaid('');
    try {
      setSaid((await test.mutateAsync()).message);
    } catch (error) {
      setSaid(`Test alert not sent. ${describeError(error)}`);
    }
  };

  const current = settings.data;
  return (
    <section className="page" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <h2>Alerts</h2>
      <p>
        Sourcedesk posts a message to a webhook (a Slack or Teams incoming webhook, or any address
        that takes JSON) when a connector stops working or works again, when an API key ends within
        7 days, and when a credential has not been tested for too long.
      </p>
      {settings.isPending ? <p role="status">Loading settings…</p> : null}
      {settings.isError ? <QueryErrorNotice error={settings.error} /> : null}
      {current ? <WhereAlertsGo settings={current} /> : null}
      <ActionMessage words={said} />
      <form aria-label="Alert webhook" noValidate onSubmit={handleSubmit(onSave)}>
        <Field
          id="alert-webhook-url"
          label="Webhook address"
          hint="Shown masked once saved. A webhook set here wins over the server's environment."
          error={errors.webhook_url?.message}
        >
          {(control) => (
            <input
              {...control}
              type="url"
              autoComplete="off"
              spellCheck={false}
              {...register('webhook_url')}
            />
          )}
        </Field>
        <button type="submit" disabled={save.isPending}>
          Save
        </button>{' '}
        {current?.webhook_url_from === 'panel' ? (
          <button type="button" disabled={save.isPending} onClick={() => void onClear()}>
            Clear
          </button>
        ) : null}
      </form>
      {save.isError && !errors.webhook_url ? <ErrorNotice error={save.error} /> : null}
      <p>
        <button
          type="button"
          disabled={test.isPending || !current?.webhook_url}
          onClick={() => void onTest()}
        >
          Send a test alert
        </button>
      </p>
      <h2>Last delivery</h2>
      {current?.last_delivery ? (
        <>
          <p>{current.last_delivery.text}</p>
          <p>{deliveryWords(current.last_delivery)}</p>
        </>
      ) : current ? (
        <p>No alert has been sent yet.</p>
      ) : null}
      <WorkersSection />
    </section>
  );
}
