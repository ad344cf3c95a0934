/**
 * The demo personas of docs/interface-decisions.md §8: users, their API keys and the owner's team.
 */
import { createHash } from "node:crypto";
import type { Rng } from "../random";
import { timestamp } from "./dates";
import {
  PERSONAS,
  PORTFOLIO_MANAGER,
  type ApiKeyRow,
  type CorePersona,
  type Persona,
  type TeamLevel,
  type TeamMemberRow,
  type UserRow,
} from "./types";

interface PersonaProfile {
  persona: Persona;
  firstName: string;
  lastName: string;
  email: string;
  keys: readonly { kind: ApiKeyRow["kind"]; name: string }[];
}

export const PERSONA_PROFILES: Readonly<Record<Persona, PersonaProfile>> = {
  owner: {
    persona: "owner",
    firstName: "Olivia",
    lastName: "Hart",
    email: "olivia@harthomes.example",
    keys: [
      { kind: "standard", name: "Dashboard" },
      { kind: "read_only", name: "Reporting (read-only)" },
      { kind: "channel_integration", name: "Channel manager sync" },
    ],
  },
  manager: {
    persona: "manager",
    firstName: "Marcus",
    lastName: "Bell",
    email: "marcus.bell@harthomes.example",
    keys: [{ kind: "standard", name: "Ops dashboard" }],
  },
  editor: {
    persona: "editor",
    firstName: "Elena",
    lastName: "Ruiz",
    email: "elena.ruiz@harthomes.example",
    keys: [{ kind: "standard", name: "Dashboard" }],
  },
  restricted_editor: {
    persona: "restricted_editor",
    firstName: "Ravi",
    lastName: "Shah",
    email: "ravi.shah@harthomes.example",
    keys: [{ kind: "standard", name: "Dashboard" }],
  },
  viewer: {
    persona: "viewer",
    firstName: "Valerie",
    lastName: "Chen",
    email: "valerie.chen@lakesidecapital.example",
    keys: [
      { kind: "standard", name: "Dashboard" },
      { kind: "read_only", name: "Reporting (read-only)" },
    ],
  },
  outsider: {
    persona: "outsider",
    firstName: "Oscar",
    lastName: "Lindqvist",
    email: "oscar@northlightstays.example",
    keys: [{ kind: "standard", name: "Dashboard" }],
  },
  portfolio_manager: {
    persona: "portfolio_manager",
    firstName: "Priya",
    lastName: "Nair",
    email: "priya.nair@meridianpm.example",
    keys: [{ kind: "standard", name: "Dashboard" }],
  },
};

/** The level each team persona holds on the owner's account and listings. */
export const TEAM_LEVELS: Readonly<Partial<Record<Persona, TeamLevel>>> = {
  manager: "manager",
  editor: "editor",
  restricted_editor: "restricted_editor",
  viewer: "viewer",
};

export interface People {
  users: UserRow[];
  apiKeys: ApiKeyRow[];
  teamMembers: TeamMemberRow[];
  ids: Record<CorePersona, string>;
  /** Day each user was created, by user id. */
  createdDay: Map<string, number>;
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export function buildPeople(rng: Rng, today: number): People {
  const users: UserRow[] = [];
  const apiKeys: ApiKeyRow[] = [];
  const teamMembers: TeamMemberRow[] = [];
  const ids = {} as Record<CorePersona, string>;
  const createdDay = new Map<string, number>();

  const ownerCreated = today - rng.int(1100, 1500);
  for (const persona of PERSONAS) {
    const profile = PERSONA_PROFILES[persona];
    const id = `usr_${rng.hex(12)}`;
    ids[persona] = id;
    const created = persona === "owner" ? ownerCreated : ownerCreated + rng.int(30, 450);
    createdDay.set(id, created);
    users.push({
      id,
      email: profile.email,
      first_name: profile.firstName,
      last_name: profile.lastName,
      persona,
      has_history_feature: persona === "owner" ? 1 : 0,
      created_at: timestamp(created, rng.int(8 * 3600, 20 * 3600)),
    });

    apiKeys.push(...demoKeys(rng, profile, id, created, today));
  }

  for (const persona of PERSONAS) {
    const level = TEAM_LEVELS[persona];
    if (!level) continue;
    const memberCreated =
      Math.max(createdDay.get(ids[persona]) ?? ownerCreated, ownerCreated) + rng.int(1, 60);
    teamMembers.push({
      owner_user_id: ids.owner,
      member_user_id: ids[persona],
      level,
      status: "active",
      created_at: timestamp(Math.min(memberCreated, today - 1), rng.int(8 * 3600, 19 * 3600)),
    });
  }

  return { users, apiKeys, teamMembers, ids, createdDay };
}

/** A persona's demo keys, created after the user (plaintext kept for GET /_sandbox/personas). */
function demoKeys(
  rng: Rng,
  profile: PersonaProfile,
  userId: string,
  created: number,
  today: number,
): ApiKeyRow[] {
  return profile.keys.map((spec) => {
    const key = `sk_live_${rng.hex(32)}`;
    const keyCreated = created + rng.int(1, 300);
    return {
      token_id: `tok_${rng.hex(16)}`,
      user_id: userId,
      name: spec.name,
      kind: spec.kind,
      key_hash: sha256Hex(key),
      last4: key.slice(-4),
      demo_key: key,
      created_at: timestamp(keyCreated, rng.int(0, 86_399)),
      last_used_at: rng.chance(0.85) ? timestamp(today - rng.int(1, 9), rng.int(0, 86_399)) : null,
      revoked_at: null,
    };
  });
}

/**
 * The portfolio manager's user and key, seeded with the world (so GET /_sandbox/personas
 * lists them) from the seed's "portfolio-manager" stream: the six personas' rows do not move.
 * An account of several years, with the historical-price-changes feature.
 */
export function buildPortfolioManager(rng: Rng, today: number): { user: UserRow; apiKeys: ApiKeyRow[] } {
  const profile = PERSONA_PROFILES[PORTFOLIO_MANAGER];
  const id = `usr_${rng.hex(12)}`;
  const created = today - rng.int(1500, 2100);
  const user: UserRow = {
    id,
    email: profile.email,
    first_name: profile.firstName,
    last_name: profile.lastName,
    persona: PORTFOLIO_MANAGER,
    has_history_feature: 1,
    created_at: timestamp(created, rng.int(8 * 3600, 20 * 3600)),
  };
  return { user, apiKeys: demoKeys(rng, profile, id, created, today) };
}
