"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { inWords } from "@/lib/display/open-values";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

const keyForm = z.object({ apiKey: z.string().trim().min(8, "Paste the whole API key.") });
type KeyForm = z.infer<typeof keyForm>;

export type PersonaChoice = { persona: string; name: string; email: string; role: string };

async function startSession(body: { apiKey: string } | { persona: string }): Promise<string | null> {
  try {
    const response = await fetch("/api/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (response.ok) return null;
    const payload = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    return payload?.error?.message ?? "Signing in failed. Try again.";
  } catch {
    return "The dashboard could not be reached. Check your connection and try again.";
  }
}

/** Paste a key, or (reference service) pick a demo persona. The key is checked before any session. */
export function SignInForm({ personas, next }: { personas: PersonaChoice[]; next: string }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [pendingPersona, setPendingPersona] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<KeyForm>({ resolver: zodFormResolver(keyForm), defaultValues: { apiKey: "" } });

  const done = () => {
    router.replace(next);
    router.refresh();
  };

  return (
    <div className="space-y-8">
      <form
        noValidate
        className="space-y-3"
        onSubmit={handleSubmit(async (values) => {
          setFormError(null);
          const problem = await startSession({ apiKey: values.apiKey });
          if (problem) setFormError(problem);
          else done();
        })}
      >
        <Field
          id="api-key"
          label="API key"
          hint={
            <>
              The key stays on the dashboard&apos;s server, in an encrypted cookie; this page never sees it
              again.
            </>
          }
          error={errors.apiKey?.message ?? formError}
          alert
          className="space-y-3"
        >
          <input
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="sk_live_…"
            className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
            {...register("apiKey")}
          />
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Checking the key…" : "Sign in"}
        </Button>
      </form>

      {personas.length > 0 ? (
        <section aria-labelledby="personas-title" className="border-t border-slate-200 pt-6">
          <h2 id="personas-title" className="text-sm font-semibold">
            Or try a demo persona
          </h2>
          <p className="mt-1 text-xs text-slate-600">
            The embedded reference service ships seeded accounts. One click signs you in as one of them.
          </p>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {personas.map((p) => (
              <li key={p.persona}>
                <Button
                  variant="secondary"
                  className="h-full w-full flex-col items-start text-left"
                  disabled={pendingPersona !== null}
                  aria-label={`Sign in as ${inWords(p.persona).toLowerCase()}`}
                  aria-describedby={`persona-${p.persona}`}
                  onClick={async () => {
                    setFormError(null);
                    setPendingPersona(p.persona);
                    const problem = await startSession({ persona: p.persona });
                    if (problem) {
                      setFormError(problem);
                      setPendingPersona(null);
                    } else done();
                  }}
                >
                  <span className="font-semibold">
                    {pendingPersona === p.persona
                      ? "Signing in…"
                      : `Sign in as ${inWords(p.persona).toLowerCase()}`}
                  </span>
                  <span id={`persona-${p.persona}`} className="text-xs font-normal text-slate-600">
                    {p.name} · {p.role}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
