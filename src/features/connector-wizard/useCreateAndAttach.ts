// Create, then attach: the connector's id is kept (in the tab's sessionStorage)
// from the moment the server returns it, so a failed or interrupted attach is
// retried alone and a second connector is never created. A source that needs
// no credential of its own gets the built-in empty one (D7).
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAttachCredential, useCreateConnector } from '../../api/connectors';
import { EMPTY_CREDENTIAL_ID } from '../../contract/rules';
import type { CreatedState } from '../../lib/createdConnector';
import type { SetsNotAddedState } from '../../lib/setsNotAdded';
import { paths } from '../../lib/paths';
import {
  clearPendingAttach,
  loadPendingAttach,
  savePendingAttach,
  type PendingAttach,
} from './pendingAttach';
import { attachFailure } from './failureWords';
import { useAddToChosenSets } from './useAddToChosenSets';
import { clearWizardDraft } from './wizardDraft';
import {
  toAttachRequest,
  toCreateRequest,
  type WizardSource,
  type WizardValues,
} from './wizardValues';

export function useCreateAndAttach(wizard: WizardSource) {
  const { source } = wizard;
  const createConnector = useCreateConnector();
  const attachCredential = useAttachCredential();
  const addToChosenSets = useAddToChosenSets();
  const navigate = useNavigate();

  const [pending, setPending] = useState<PendingAttach | null>(() => loadPendingAttach(source));

  const attach = async (created: PendingAttach, credentialId: number) => {
    let pairId: number | null | undefined;
    try {
      pairId = (
        await attachCredential.mutateAsync({
          connectorId: created.connectorId,
          credentialId,
          body: created.attachBody,
        })
      ).data;
    } catch (error) {
      const failed = { ...created, credentialId, attachError: attachFailure(error) };
      savePendingAttach(failed);
      setPending(failed);
      return;
    }
    clearPendingAttach(source);
    clearWizardDraft(source); // made: nothing typed is left to keep
    const setsNotAdded = await addToChosenSets.add(pairId, created.documentSetIds);
    if (setsNotAdded) {
      // Made and attached, not in every set ticked: its page says which and why,
      // lists its sets and offers to add them.
      const state: SetsNotAddedState = { setsNotAdded };
      navigate(paths.connector.getHref(created.connectorId), { state });
      return;
    }
    const state: CreatedState = {
      created: { id: created.connectorId, name: created.request.name },
    };
    navigate(paths.connectors.getHref(), { state });
  };

  /** Resolves with the creation's error (for the form to place), or null. */
  const create = async (values: WizardValues): Promise<unknown> => {
    const request = toCreateRequest(wizard, values);
    const credentialId = wizard.needsCredential ? values.credential_id : EMPTY_CREDENTIAL_ID;
    let connectorId: number;
    try {
      connectorId = (await createConnector.mutateAsync(request)).id;
    } catch (error) {
      return error;
    }
    const created: PendingAttach = {
      connectorId,
      request,
      credentialId,
      attachBody: toAttachRequest(values),
      documentSetIds: values.document_set_ids ?? [],
      attachError: null,
    };
    savePendingAttach(created); // before the attach, so a reload mid-way cannot lose it
    await attach(created, credentialId ?? EMPTY_CREDENTIAL_ID);
    return null;
  };

  const retryAttach = async (credentialId: number) => {
    if (pending) await attach(pending, credentialId);
  };

  /** Leaves the created connector unfinished (the Connectors page lists it to finish later). */
  const startOver = () => {
    clearPendingAttach(source);
    setPending(null);
  };

  const working =
    createConnector.isPending || attachCredential.isPending || addToChosenSets.isPending;
  return { pending, working, create, retryAttach, startOver };
}
