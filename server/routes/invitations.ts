// Signing in with an invitation's sign-in link (docs/security.md, "Sign-in links
// of invitations"): the token, once, for a session of the invited person, who
// becomes a user as `basic` (as single sign-on makes them). A used, expired,
// withdrawn or unknown link answers 410 in words, opens nothing, and counts as
// a failed sign-in (like a wrong key: the wrong-key limit holds tokens back too).
import type { FastifyInstance } from 'fastify';
import { INVITATION_LINK_REFUSALS } from '../../src/contract/invitationLinks';
import { signInWithInvitation } from '../../src/contract/endpoints/session';
import { problem, Problem } from '../http/problems';
import { createUser, findPersonByEmail, removeInvitation } from '../repos/users';
import type { RouteContext } from './context';
import { declaredRoutes } from './route';
import { holdBackWrongKeys } from '../auth/guard';
import { spendInvitationLink } from '../auth/invitationLinks';
import { asCaller, openSessionIn, refuseForeignPage } from './session';

const GONE = 410;
const refused = (why: keyof typeof INVITATION_LINK_REFUSALS) =>
  problem(GONE, INVITATION_LINK_REFUSALS[why]);

export function invitationRoutes(app: FastifyInstance, context: RouteContext) {
  const { guard, write, authFailures, loginFailures } = context;
  const route = declaredRoutes(app, guard);

  route(
    signInWithInvitation,
    async ({ body }, request, reply) => {
      holdBackWrongKeys(authFailures, request);
      try {
        const cookies = await write(request, async (trx, log) => {
          const spent = await spendInvitationLink(trx, body.token.trim());
          if ('refusal' in spent) throw refused(spent.refusal);
          const invitation = await removeInvitation(trx, spent.emailLower);
          const known = await findPersonByEmail(trx, spent.emailLower);
          // A link is for someone who is no person here yet: one made by another
          // road (ended with their making, D15) never signs in as them.
          if (known) throw refused(known.is_active ? 'revoked' : 'deactivated');
          // Withdrawn meanwhile by another road (its invitation is gone, nobody was made).
          if (invitation === undefined) throw refused('revoked');
          const user = await createUser(trx, invitation, 'basic');
          request.user = asCaller(user);
          await log({
            action: 'user.create',
            resource_type: 'user',
            resource_id: user.id,
            resource_name: user.email,
            changes: { role: { before: null, after: user.role }, how: 'invitation_link' },
          });
          return openSessionIn(trx, log, request, context, asCaller(user), 'invitation_link');
        });
        return reply.code(204).header('set-cookie', cookies).send();
      } catch (error) {
        if (error instanceof Problem && error.status === GONE) {
          request.user = undefined;
          authFailures?.record(request.ip);
          await loginFailures.record(request);
        }
        throw error;
      }
    },
    { first: (request) => refuseForeignPage(request, context) },
  );
}
