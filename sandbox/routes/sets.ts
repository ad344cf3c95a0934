import type { RouteTable } from "../context";
import { paginate } from "../http";
import { requireSetAction, resolveSet } from "../domain/sets/access";
import { associateListings, associatedListings, dissociateListings } from "../domain/sets/associated";
import { distinctIds, findCandidates } from "../domain/sets/candidates";
import { readSetChangelog } from "../domain/sets/changelog";
import { createSet } from "../domain/sets/create";
import { deleteMembers, membersByStatus, putMembers } from "../domain/sets/members";
import { listSets, loadSet, toSetRecord } from "../domain/sets/records";
import { shareSet, upgradeSet } from "../domain/sets/sharing";

/**
 * Dynamic sets: building and sharing sets (free and paid) and the paid change history. The
 * other paid analytics are in ./set-analytics. Every refusal is checked before any write.
 */
export const setRoutes: RouteTable = {
  "sets.list": ({ ctx, caller, query }) => {
    const { items, total } = listSets(ctx, caller.user.id, query);
    return { body: items, total };
  },

  "sets.candidates": ({ ctx, caller, query }) => {
    const { items, total } = paginate(findCandidates(ctx, caller.user.id, query), query);
    return { body: items, total };
  },

  "sets.create": ({ ctx, caller, body }) => {
    const ids = distinctIds(body.listing_ids);
    const set = createSet(ctx, caller.user.id, body, ids);
    return { body: toSetRecord(ctx, set, "owner", caller.user.id), status: 201 };
  },

  "sets.get": ({ ctx, caller, params }) => {
    const { set, access } = resolveSet(ctx, caller.user.id, params.set_id!);
    return { body: toSetRecord(ctx, set, access, caller.user.id) };
  },

  "sets.upgrade": ({ ctx, caller, params }) => {
    const { set, access } = resolveSet(ctx, caller.user.id, params.set_id!);
    const billed = upgradeSet(ctx, { set, access, userId: caller.user.id });
    const record = toSetRecord(ctx, loadSet(ctx, set.id), access, caller.user.id);
    return { body: { ...record, is_paid: true as const, billed_user_id: billed } };
  },

  "sets.share": ({ ctx, caller, params, body }) => {
    const { set, access } = resolveSet(ctx, caller.user.id, params.set_id!);
    shareSet(ctx, { set, access, userId: caller.user.id }, body.shares);
    return { body: toSetRecord(ctx, loadSet(ctx, set.id), access, caller.user.id) };
  },

  "sets.membersGet": ({ ctx, caller, params }) => {
    const { set } = resolveSet(ctx, caller.user.id, params.set_id!);
    return { body: membersByStatus(ctx, set.id) };
  },

  "sets.membersPut": ({ ctx, caller, params, body }) => {
    const ids = distinctIds(body.listing_ids);
    const { set, access } = resolveSet(ctx, caller.user.id, params.set_id!);
    putMembers(ctx, { set, access, userId: caller.user.id }, ids, body.status);
    return { body: membersByStatus(ctx, set.id) };
  },

  "sets.membersDelete": ({ ctx, caller, params, body }) => {
    const ids = distinctIds(body.listing_ids);
    const { set, access } = resolveSet(ctx, caller.user.id, params.set_id!);
    deleteMembers(ctx, { set, access, userId: caller.user.id }, ids);
    return { body: membersByStatus(ctx, set.id) };
  },

  "sets.associatedGet": ({ ctx, caller, params }) => {
    const { set } = resolveSet(ctx, caller.user.id, params.set_id!);
    return { body: associatedListings(ctx, set.id, caller.user.id) };
  },

  "sets.associatedPut": ({ ctx, caller, params, query, body }) => {
    const ids = distinctIds(body.listing_ids);
    const { set, access } = resolveSet(ctx, caller.user.id, params.set_id!);
    associateListings(ctx, { set, access, userId: caller.user.id }, ids, query.channel);
    return { body: associatedListings(ctx, set.id, caller.user.id) };
  },

  "sets.associatedDelete": ({ ctx, caller, params, query, body }) => {
    const ids = distinctIds(body.listing_ids);
    const { set, access } = resolveSet(ctx, caller.user.id, params.set_id!);
    dissociateListings(ctx, { set, access, userId: caller.user.id }, ids, query.channel);
    return { body: associatedListings(ctx, set.id, caller.user.id) };
  },

  "sets.changelog": ({ ctx, caller, params, query }) => {
    const { set, access } = resolveSet(ctx, caller.user.id, params.set_id!, { paidOnly: true });
    requireSetAction(access, "read");
    const { entries, total } = readSetChangelog(ctx, set.id, query);
    return { body: entries, total };
  },
};
