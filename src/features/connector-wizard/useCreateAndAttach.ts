// Create, then attach: the connector's id is kept (in the tab's sessionStorage)
// from the moment the server returns it, so a failed or interrupted attach is
// retried alone and a second connector is never created. A source that needs
// no credential of its own gets the built-in empty one (D7).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useAttachCredential, useCreateConnector } from '../../api/connectors';
import { documentSetListQuery, useAddPairsToSets } from '../../api/documentSetHooks';
import { EMPTY_CREDENTIAL_ID } from '../../contract/rules';
import type { CreatedState } from '../../lib/createdConnector';
import { paths } from '../../lib/paths';
import {
  clearPendingAttach,
  loadPendingAttach,
  savePendingAttach,
  type PendingAttach,
} from './pendingAttach';
import { clearWizardDraft } from './wizardDraft';
import {
  toAttachRequest,
  toCreateRequest,
  type WizardSource,
  type WizardValues,
} from './wizardValues';

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The server's own words, plainly. */
function attachFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const words = sentence(error.message);
    return error.status === 0 ? words : `The server answered ${error.status}: ${words}`;
  }
  return error instanceof Error ? error.message : 'The request failed.';
}

export function useCreateAndAttach(wizard: WizardSource) {
  const { source } = wizard;
  const createConnector = useCreateConnector();
  const attachCredential = useAttachCredential();
  const addToSets = useAddPairsToSets();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  /**
   * The new pair into the sets chosen on the review, as they are now. True when
   * done (or none chosen); false when the server refused.
   */
  const addToChosenSets = async (pairId: number | null | undefined, ids: number[] = []) => {
    if (ids.length === 0 || pairId === null || pairId === undefined) return true;
    try {
      const sets = await queryClient.fetchQuery({ ...documentSetListQuery(), staleTime: 0 });
      await addToSets.mutateAsync({
        sets: sets.filter((set) => ids.includes(set.id)),
        pairIds: [pairId],
      });
      return true;
    } catch {
      return false;
    }
  };
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
    if (!(await addToChosenSets(pairId, created.documentSetIds))) {
      // Made and attached, not in its sets: its page lists its sets and offers to add them.
      navigate(paths.connector.getHref(created.connectorId));
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

  const working = createConnector.isPending || attachCredential.isPending || addToSets.isPending;
  return { pending, working, create, retryAttach, startOver };
}
