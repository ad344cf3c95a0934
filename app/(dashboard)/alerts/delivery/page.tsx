import type { Metadata } from "next";
import { DeliveryView } from "@/components/alerts-delivery/delivery-view";
import { requireSession } from "@/lib/server/current-session";

export const metadata: Metadata = { title: "Alerts by e-mail" };

export default async function AlertsDeliveryPage() {
  await requireSession();
  return (
    <section aria-labelledby="alerts-delivery-title" className="max-w-6xl space-y-6">
      <div>
        <h1 id="alerts-delivery-title" className="text-2xl font-semibold">
          Alerts by e-mail
        </h1>
        <p className="max-w-3xl text-sm text-slate-600">
          Your own delivery, whoever else of the account receives alerts: a morning digest at your local time
          of the alerts that fired since the last one, and an e-mail at once for the rules set to immediate.
          Each rule says which way it is delivered.
        </p>
      </div>
      <DeliveryView />
    </section>
  );
}
