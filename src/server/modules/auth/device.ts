import Bowser from 'bowser';

const MAX_LENGTH = 80;

/**
 * A session's device as a person reads it, from its user agent: 'Chrome 131 on Linux'. A client
 * no parser knows (a script, a bot) shows its own first product token, e.g. 'curl/8.5.0'.
 */
export function describeDevice(userAgent: string | null | undefined): string {
  const agent = userAgent?.trim();
  if (!agent) return 'Unknown device';
  const { browser, os } = Bowser.parse(agent);
  const name = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ');
  if (name && os.name) return `${name} on ${os.name}`;
  if (name) return name;
  return (agent.split(/\s+/)[0] ?? agent).slice(0, MAX_LENGTH);
}
