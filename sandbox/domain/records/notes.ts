import { randomBytes } from "node:crypto";
import type { Note } from "../../../lib/svc/schemas/listing-extras";
import type { SandboxContext } from "../../context";
import { ApiError } from "../api-error";

interface NoteRow {
  id: string;
  listing_svc_id: string;
  author_user_id: string;
  body: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `id, listing_svc_id, author_user_id, body, created_at, updated_at`;

/** The contract note; `listing_id` is the listing as the caller identified it. */
const toNote = (row: NoteRow, listingId: string): Note => ({
  id: row.id,
  listing_id: listingId,
  body: row.body,
  author_user_id: row.author_user_id,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export function listNotes(ctx: SandboxContext, svcId: string, listingId: string): Note[] {
  const notes = ctx.db
    .prepare(
      `SELECT ${COLUMNS} FROM listing_notes WHERE listing_svc_id = ? ORDER BY created_at DESC, seq DESC`,
    )
    .all(svcId) as NoteRow[];
  return notes.map((row) => toNote(row, listingId));
}

/**
 * One note of one listing. A note id of another listing answers exactly what an unknown id
 * answers, so note ids cannot be probed through a listing the caller can reach.
 */
function requireNote(ctx: SandboxContext, svcId: string, noteId: string): NoteRow {
  const row = ctx.db
    .prepare(`SELECT ${COLUMNS} FROM listing_notes WHERE id = ? AND listing_svc_id = ?`)
    .get(noteId, svcId) as NoteRow | undefined;
  if (!row) throw new ApiError(404, "note_not_found", `This listing has no note ${noteId}.`);
  return row;
}

export function createNote(
  ctx: SandboxContext,
  svcId: string,
  listingId: string,
  authorUserId: string,
  body: string,
  now: string,
): Note {
  const row: NoteRow = {
    id: `note_${randomBytes(8).toString("hex")}`,
    listing_svc_id: svcId,
    author_user_id: authorUserId,
    body,
    created_at: now,
    updated_at: now,
  };
  ctx.db
    .prepare(
      `INSERT INTO listing_notes (${COLUMNS})
       VALUES (@id, @listing_svc_id, @author_user_id, @body, @created_at, @updated_at)`,
    )
    .run(row);
  return toNote(row, listingId);
}

export function updateNote(
  ctx: SandboxContext,
  svcId: string,
  listingId: string,
  noteId: string,
  body: string,
  now: string,
): Note {
  const row = requireNote(ctx, svcId, noteId);
  ctx.db.prepare(`UPDATE listing_notes SET body = ?, updated_at = ? WHERE id = ?`).run(body, now, noteId);
  return toNote({ ...row, body, updated_at: now }, listingId);
}

export function deleteNote(ctx: SandboxContext, svcId: string, noteId: string): void {
  requireNote(ctx, svcId, noteId);
  ctx.db.prepare(`DELETE FROM listing_notes WHERE id = ?`).run(noteId);
}
