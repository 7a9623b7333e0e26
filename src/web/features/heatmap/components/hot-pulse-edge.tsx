import './hot-pulse.css';

/** The pulsing red edge of a row above heat 75 (see hot-pulse.css); its cell must be `relative`. */
export function HotPulseEdge() {
  return <span aria-hidden="true" data-testid="hot-pulse" className="hot-pulse-edge" />;
}
