import { ClientLogo } from "./client-logo";
import { riseDelay } from "./motion";

/** Home's strip of the sample clients' logo marks, entering 100 ms apart; each mark's alt text is its name. */
export function PartnerStrip({ title, clients }: { title: string; clients: { name: string; logoUrl: string }[] }) {
  return (
    <section aria-labelledby="partners-title" className="border-b border-line bg-surface">
      <div className="container-page py-10 md:py-12">
        <h2 id="partners-title" className="text-center text-sm font-semibold tracking-wide text-muted">
          {title}
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-3 lg:grid-cols-6">
          {clients.map((client, index) => (
            <li
              key={client.name}
              data-testid="partner"
              className="animate-rise flex items-center justify-center rounded-2xl border border-line bg-canvas px-2 py-2"
              style={riseDelay(index * 100)}
            >
              <ClientLogo name={client.name} src={client.logoUrl} className="bg-transparent shadow-none" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
