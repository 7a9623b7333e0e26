import { AuthenticationSection } from './docs/authentication-section';
import { EndpointsSection } from './docs/endpoints-section';
import { GettingStartedSection } from './docs/getting-started-section';
import { OverviewSection } from './docs/overview-section';
import { WebhooksSection } from './docs/webhooks-section';
import { PageContainer } from './page-container';

const CONTENTS = [
  { id: 'overview', label: 'API Overview' },
  { id: 'authentication', label: 'Authentication' },
  { id: 'endpoints', label: 'Endpoints' },
  { id: 'getting-started', label: 'Getting Started' },
  { id: 'webhooks', label: 'Webhooks' },
] as const;

export function DocsPage() {
  return (
    <PageContainer className="py-8">
      <div className="lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-12">
        <nav aria-label="Documentation contents" className="mb-8 lg:sticky lg:top-24 lg:mb-0 lg:self-start">
          <p className="mb-3 text-xs font-semibold uppercase tracking-wider text-slate-500">On this page</p>
          <ul className="space-y-2 text-sm">
            {CONTENTS.map((item) => (
              <li key={item.id}>
                <a href={`#${item.id}`} className="text-slate-300 hover:text-orange-400">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <article className="min-w-0 max-w-3xl">
          <header className="pb-8">
            <h1 className="text-4xl font-extrabold tracking-tight text-white">Documentation</h1>
            <p className="mt-4 text-lg text-slate-300">
              Use the HeatSignal API to read signals and the heat map, accept offers and follow your trades
              from your own code.
            </p>
            {/* Served by the server, not a route of this app: a plain link, a full page load. */}
            <p className="mt-4 text-sm text-slate-400">
              <a href="/docs/api" className="font-medium text-orange-400 hover:text-orange-300">
                Interactive API reference (OpenAPI)
              </a>{' '}
              · the raw document:{' '}
              <a href="/api/openapi.json" className="font-mono text-orange-400 hover:text-orange-300">
                /api/openapi.json
              </a>
            </p>
          </header>
          <OverviewSection />
          <AuthenticationSection />
          <EndpointsSection />
          <GettingStartedSection />
          <WebhooksSection />
        </article>
      </div>
    </PageContainer>
  );
}
