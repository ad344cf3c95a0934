"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Permission } from "@/lib/access/permission";
import { deleteNote, updateNote } from "@/lib/listing/records/queries";
import type { Note } from "@/lib/svc/schemas/listing-extras";
import { formatUtc } from "@/lib/format/times";
import { useSay } from "@/components/ui/action-status";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { NoteForm } from "@/components/listing/records/note-form";

function excerpt(body: string): string {
  const line = body.trim().replace(/\s+/g, " ");
  return line.length > 40 ? `${line.slice(0, 40).trimEnd()}…` : line;
}

/** One note: its text, who wrote it and when, and edit and delete for those who may write. */
export function NoteItem({
  note,
  svcId,
  author,
  permission,
}: {
  note: Note;
  svcId: string;
  author: string;
  permission: Permission;
}) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const edit = useMutation({ mutationFn: (body: string) => updateNote(queryClient, svcId, note.id, body) });
  const remove = useMutation({
    mutationFn: () => deleteNote(queryClient, svcId, note.id),
    onSuccess: () => {
      setConfirming(false);
      say("Note deleted.");
    },
    onError: (error) => setProblem(describeError(error)),
  });
  const edited = note.updated_at !== note.created_at;
  // Each note's buttons say which note they act on.
  const name = `note “${excerpt(note.body)}”`;

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" data-note-id={note.id}>
      {editing ? (
        <NoteForm
          label={`Edit ${name}`}
          initial={note.body}
          submitLabel="Save note"
          pendingLabel="Saving…"
          autoFocus
          onCancel={() => setEditing(false)}
          onSave={async (body) => {
            try {
              await edit.mutateAsync(body);
            } catch (error) {
              throw new Error(describeError(error));
            }
            setEditing(false);
            say("Note saved.");
          }}
        />
      ) : (
        <>
          <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{note.body}</p>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-slate-500">
              {author} · <time dateTime={note.created_at}>{formatUtc(note.created_at)}</time>
              {edited ? (
                <>
                  {" "}
                  · edited <time dateTime={note.updated_at}>{formatUtc(note.updated_at)}</time>
                </>
              ) : null}
            </p>
            {permission.allowed ? (
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  className="px-2 py-1 text-xs"
                  aria-label={`Edit ${name}`}
                  onClick={() => setEditing(true)}
                >
                  Edit
                </Button>
                <AlertDialog
                  open={confirming}
                  onOpenChange={(next) => {
                    if (remove.isPending) return;
                    setProblem(null);
                    setConfirming(next);
                  }}
                  title="Delete this note?"
                  description="The note is removed for everyone with access to this listing. This cannot be undone."
                  trigger={
                    <Button variant="secondary" className="px-2 py-1 text-xs" aria-label={`Delete ${name}`}>
                      Delete
                    </Button>
                  }
                  confirm={
                    <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
                      {remove.isPending ? "Deleting…" : "Delete note"}
                    </Button>
                  }
                >
                  <blockquote className="line-clamp-4 whitespace-pre-wrap border-l-2 border-slate-300 pl-3 text-sm text-slate-700">
                    {note.body}
                  </blockquote>
                  <p role="alert" className="mt-2 text-sm text-red-700">
                    {problem ?? ""}
                  </p>
                </AlertDialog>
              </div>
            ) : null}
          </div>
        </>
      )}
    </li>
  );
}
