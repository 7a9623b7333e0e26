import { LinkButton } from '../link-button';
import type { Plan } from './plans';

export function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.name.toLowerCase()}`;
  return (
    <li
      aria-labelledby={headingId}
      className={`flex flex-col rounded-2xl border p-8 ${
        plan.highlighted
          ? 'border-orange-500 bg-slate-800 shadow-xl shadow-orange-500/10'
          : 'border-slate-700 bg-slate-800/50'
      }`}
    >
      <div className="flex items-center justify-between">
        <h2 id={headingId} className="text-2xl font-semibold text-white">
          {plan.name}
        </h2>
        {plan.highlighted ? (
          <span className="rounded-full bg-orange-500/15 px-3 py-1 text-xs font-semibold text-orange-400">
            Most popular
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-slate-400">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold text-white">{plan.price}</span>
        {plan.period ? <span className="text-slate-400">{plan.period}</span> : null}
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-300">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-orange-400">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <LinkButton to={plan.cta.to} variant={plan.highlighted ? 'primary' : 'secondary'}>
          {plan.cta.label}
        </LinkButton>
      </div>
    </li>
  );
}
