import { CodeBlock, DocsSection, InlineCode } from './docs-section';
import { ENDPOINTS, type EndpointDoc } from './endpoints';

const STREAM_EXAMPLE = `curl -N 'https://heatsignal.example.com/api/pairs/subscribe?pairs=BTC/USD,ETH/USD' \\
  -H 'Authorization: Bearer <token>'`;

const METHOD_COLOURS: Record<EndpointDoc['method'], string> = {
  GET: 'bg-emerald-500/15 text-emerald-300',
  POST: 'bg-sky-500/15 text-sky-300',
};

export function EndpointsSection() {
  return (
    <DocsSection id="endpoints" title="Endpoints">
      <p>
        The most used endpoints. Paths are relative to <InlineCode>/api</InlineCode>, and all of them take the{' '}
        <InlineCode>Authorization: Bearer &lt;token&gt;</InlineCode> header.
      </p>
      <ul className="space-y-4">
        {ENDPOINTS.map((endpoint) => (
          <EndpointItem key={`${endpoint.method} ${endpoint.path}`} endpoint={endpoint} />
        ))}
      </ul>
      <p>Follow the live stream from a terminal:</p>
      <CodeBlock label="Event stream request">{STREAM_EXAMPLE}</CodeBlock>
    </DocsSection>
  );
}

function EndpointItem({ endpoint }: { endpoint: EndpointDoc }) {
  return (
    <li className="rounded-lg border border-slate-700 bg-slate-800/40 p-5">
      <h3 className="flex flex-wrap items-center gap-3 font-mono text-base text-white">
        <span className={`rounded px-2 py-0.5 text-xs font-bold ${METHOD_COLOURS[endpoint.method]}`}>
          {endpoint.method}
        </span>
        {endpoint.path}
      </h3>
      <p className="mt-2 text-slate-300">{endpoint.summary}</p>
      {endpoint.params ? (
        <ul className="mt-3 list-disc space-y-1 pl-6 text-sm text-slate-400">
          {endpoint.params.map((param) => (
            <li key={param}>{param}</li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3 text-sm text-slate-400">
        <span className="font-semibold text-slate-300">Returns: </span>
        {endpoint.returns}
      </p>
    </li>
  );
}
