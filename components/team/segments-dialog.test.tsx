import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { Segment } from "@/lib/svc/schemas/segments";
import type { TeamMember } from "@/lib/svc/schemas/team";
import { READ_ONLY_TEAM_REASON, SEGMENT_GONE_SENTENCE } from "@/lib/team/errors";
import { teamWritePermission } from "@/lib/team/permissions";
import { Button } from "@/components/ui/button";
import { callServiceAs, sentFromPage, serviceAnswer, withServiceInPage } from "@/test-support/dom-service";
import { renderPage } from "@/test-support/render";
import { segmentsButton } from "@/components/team/action-buttons";
import SegmentsDialog from "@/components/team/segments-dialog";
import { AssignSegments } from "@/components/team/team-actions";

withServiceInPage();

let segments: Segment[];
beforeAll(async () => {
  // The owner's segments, as the team page reads them.
  segments = await serviceAnswer<Segment[]>("/segments");
});

const writes = () => sentFromPage.filter((r) => !r.startsWith("GET"));
const memberAsStored = async (userId: string) =>
  (await serviceAnswer<TeamMember[]>("/teams/members")).find((m) => m.user_id === userId)!;
const invited = (email: string) =>
  callServiceAs<TeamMember>("owner", "POST", "/teams/members/invite", { email, level: "viewer" });

async function openDialog(member: TeamMember, choices = segments) {
  const rendered = renderPage(
    <SegmentsDialog
      member={member}
      segments={choices}
      onGone={() => {}}
      trigger={<Button {...segmentsButton(member)} />}
    />,
  );
  const trigger = screen.getByRole("button", { name: /^Assign segments to / });
  await rendered.user.click(trigger);
  const dialog = screen.getByRole("dialog", { name: /^Segments for / });
  const box = (name: string) => within(dialog).getByRole("checkbox", { name });
  const save = () => rendered.user.click(within(dialog).getByRole("button", { name: "Save segments" }));
  return { ...rendered, trigger, dialog, box, save };
}

describe("assigning segments to a member", () => {
  it("each of my segments is a checkbox saying how many listings it holds; the member's own are checked", async () => {
    const ravi = (await serviceAnswer<TeamMember[]>("/teams/members")).find(
      (m) => m.assigned_segment_ids.length > 0,
    )!;
    const { dialog, box } = await openDialog(ravi);
    const group = within(dialog).getByRole("group", { name: "Your segments" });
    expect(within(group).getAllByRole("checkbox")).toHaveLength(segments.length);
    for (const segment of segments) {
      expect(box(segment.name)).toHaveAccessibleDescription(
        new RegExp(`^${segment.listing_count} listings?`),
      );
      if (ravi.assigned_segment_ids.includes(segment.id)) expect(box(segment.name)).toBeChecked();
      else expect(box(segment.name)).not.toBeChecked();
    }
  });

  it("two chosen segments are saved as the member's; opened on what is stored, an empty choice clears them", async () => {
    const [first, second] = segments;
    const member = await invited("two.segments@example.com");
    const chosen = await openDialog(member);
    await chosen.user.click(chosen.box(first!.name));
    await chosen.user.click(chosen.box(second!.name));
    await chosen.save();

    await screen.findByRole("button", { name: /^Assign segments to / });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(writes()).toEqual([`POST /api/svc/teams/members/${member.user_id}/assigned_segments`]);
    const stored = await memberAsStored(member.user_id);
    expect(stored.assigned_segment_ids).toEqual([first!.id, second!.id]);
    chosen.unmount();

    const cleared = await openDialog(stored);
    expect(cleared.box(first!.name)).toBeChecked();
    expect(cleared.box(second!.name)).toBeChecked();
    await cleared.user.click(cleared.box(first!.name));
    await cleared.user.click(cleared.box(second!.name));
    await cleared.save();
    await screen.findByRole("button", { name: /^Assign segments to / });
    expect((await memberAsStored(member.user_id)).assigned_segment_ids).toEqual([]);
  });

  it("Escape closes without saving; opened again, the boxes are the member's again", async () => {
    const member = await invited("escaped@example.com");
    const { user, trigger, box } = await openDialog(member);
    await user.click(box(segments[0]!.name));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    expect(
      within(screen.getByRole("dialog")).getByRole("checkbox", { name: segments[0]!.name }),
    ).not.toBeChecked();
    expect(writes()).toEqual([]);
  });

  it("a segment the service does not hold as mine is refused in words; the boxes stay as chosen", async () => {
    // Another user's segment in the list: the page's list no longer matches the service.
    const [foreign] = await callServiceAs<Segment[]>("manager", "GET", "/segments");
    const member = await invited("foreign.segment@example.com");
    const { user, dialog, box, save } = await openDialog(member, [...segments, foreign!]);
    await user.click(box(foreign!.name));
    await save();

    expect(await within(dialog).findByText(SEGMENT_GONE_SENTENCE)).toBeVisible();
    expect(within(dialog).getByRole("alert")).toHaveTextContent(SEGMENT_GONE_SENTENCE);
    expect(box(foreign!.name)).toBeChecked();
    expect(writes()).toEqual([`POST /api/svc/teams/members/${member.user_id}/assigned_segments`]);
    expect((await memberAsStored(member.user_id)).assigned_segment_ids).toEqual([]);
  });

  it("with a read-only key, Assign is disabled and says why", async () => {
    const [member] = await serviceAnswer<TeamMember[]>("/teams/members");
    renderPage(
      <AssignSegments
        member={member!}
        segments={segments}
        permission={teamWritePermission("read_only")}
        onGone={() => {}}
      />,
    );
    const assign = screen.getByRole("button", { name: /^Assign segments to / });
    expect(assign).toBeDisabled();
    expect(assign).toHaveAccessibleDescription(READ_ONLY_TEAM_REASON);
  });
});
