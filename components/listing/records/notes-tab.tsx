"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { noteWritePermission } from "@/lib/listing/records/access";
import { createNote, notesQuery } from "@/lib/listing/records/queries";
import type { Listing } from "@/lib/svc/schemas/listings";
import { StatusLine, StatusScope, useSay } from "@/components/ui/action-status";
import { describeError, ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import type { ListingTabProps } from "@/components/listing/tab-props";
import { NoteForm } from "@/components/listing/records/note-form";
import { NoteItem } from "@/components/listing/records/note-item";
import { EmptyState, ReadOnlyNote, RecordPanel } from "@/components/listing/records/record-panel";

/**
 * Notes only carry the author's user id; the listing names its owner, so the owner's notes
 * are attributed by name and everyone else's to the team.
 */
function authorOf(listing: Listing, authorUserId: string): string {
  const owner = listing.owner_user;
  if (authorUserId !== owner.id) return "A team member";
  return [owner.first_name, owner.last_name].filter(Boolean).join(" ") || owner.email;
}

/** What a note's add, edit or delete did is said between the form and the list, over nothing. */
export function NotesTab(props: ListingTabProps) {
  return (
    <StatusScope>
      <Notes {...props} />
    </StatusScope>
  );
}

function Notes({ listing, readOnly }: ListingTabProps) {
  const say = useSay();
  const queryClient = useQueryClient();
  const notes = useQuery(notesQuery(listing.svc_id));
  const permission = noteWritePermission(listing.access_level, readOnly);
  const add = useMutation({ mutationFn: (body: string) => createNote(queryClient, listing.svc_id, body) });
  const state = notes.isPending ? "loading" : notes.isError ? "error" : "ready";

  return (
    <RecordPanel
      testId="notes"
      title="Notes"
      description="The team's notes on this listing, newest first."
      state={state}
    >
      {permission.allowed ? (
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <NoteForm
            label="Add a note"
            submitLabel="Add note"
            pendingLabel="Adding…"
            onSave={async (body) => {
              try {
                await add.mutateAsync(body);
              } catch (error) {
                throw new Error(describeError(error));
              }
              say("Note added.");
            }}
          />
        </div>
      ) : (
        <ReadOnlyNote>{permission.reason}</ReadOnlyNote>
      )}
      <StatusLine />
      {notes.isPending ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading notes</span>
          {[0, 1].map((i) => (
            <div
              key={i}
              aria-hidden="true"
              className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
            >
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-40" />
            </div>
          ))}
        </div>
      ) : notes.isError ? (
        <ErrorPanel error={notes.error} onRetry={() => void notes.refetch()} what="this listing's notes" />
      ) : notes.data.length === 0 ? (
        <EmptyState title="No notes yet.">
          {permission.allowed
            ? "Notes are shared with everyone who can see this listing: owners' requests, cleaning, anything worth remembering."
            : "Nobody has written a note on this listing."}
        </EmptyState>
      ) : (
        <ol aria-label="Notes" className="space-y-3">
          {notes.data.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              svcId={listing.svc_id}
              author={authorOf(listing, note.author_user_id)}
              permission={permission}
            />
          ))}
        </ol>
      )}
    </RecordPanel>
  );
}
