// connector-status's bytes joined by kept blocks (statusPieces.ts): always the
// same bytes as the pieces joined one by one, whatever changed or was left out,
// and a gzip copy that decodes to them.
import { gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import type { ConnectorStatusRow } from '../../src/contract/health';
import { joinPieces, PieceJoin, type StatusPiece } from './statusPieces';

const piece = (n: number, text = `row ${n}`): StatusPiece => ({
  row: { cc_pair_id: n } as ConnectorStatusRow,
  json: Buffer.from(JSON.stringify({ n, text })),
});

test('blocks kept across answers join to the pieces joined afresh', async () => {
  const plain = new PieceJoin();
  const joins = {
    async join(view: string, pieces: readonly StatusPiece[]) {
      const { body, length, gzip } = await plain.join(view, pieces);
      expect(gunzipSync(gzip).equals(body())).toBe(true);
      expect(body().length).toBe(length);
      return body();
    },
  };
  const pieces = Array.from({ length: 300 }, (_, n) => piece(n));
  expect((await joins.join('admin', pieces)).toString()).toBe(joinPieces(pieces).toString());
  // One piece changed, one left out, one added: each answer still equals the plain join.
  pieces[140] = piece(140, 'changed');
  expect((await joins.join('admin', pieces)).toString()).toBe(joinPieces(pieces).toString());
  const fewer = pieces.filter((_, n) => n !== 7);
  expect((await joins.join('admin', fewer)).toString()).toBe(joinPieces(fewer).toString());
  const more = [...fewer, piece(300)];
  expect((await joins.join('admin', more)).toString()).toBe(joinPieces(more).toString());
  expect((await joins.join('curator', more.slice(0, 2))).toString()).toBe(
    joinPieces(more.slice(0, 2)).toString(),
  );
  expect((await joins.join('empty', [])).toString()).toBe('[]');
  expect(JSON.parse((await joins.join('admin', more)).toString())).toHaveLength(300);
});
