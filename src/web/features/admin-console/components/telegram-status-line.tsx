import type { TelegramBotStatus } from '../../../../contract/telegram';
import { formatDateTime } from '../../../lib/format';

/** What the process answering System Health can tell of its Telegram bot, in words. */
export function telegramStatusText({ configured, botUsername, lastOkAt, lastFailure }: TelegramBotStatus): {
  text: string;
  failing: boolean;
} {
  if (!configured) return { text: 'Not set up (TELEGRAM_BOT_TOKEN is not set)', failing: false };
  if (lastFailure && (!lastOkAt || lastFailure.at > lastOkAt))
    return {
      text: `The last call failed at ${formatDateTime(lastFailure.at)}: ${lastFailure.error}`,
      failing: true,
    };
  const bot = botUsername ? `@${botUsername}` : 'The bot';
  return {
    text: lastOkAt
      ? `${bot} answering, last at ${formatDateTime(lastOkAt)}`
      : `${bot}: no call made since this process started`,
    failing: false,
  };
}

export function TelegramStatusLine({ status }: { status: TelegramBotStatus }) {
  const { text, failing } = telegramStatusText(status);
  return (
    <p className="rounded-lg border border-slate-700 bg-slate-900/60 px-4 py-3 text-sm">
      <span className="text-slate-400">Telegram: </span>
      <span className={failing ? 'text-red-400' : 'text-slate-200'}>{text}</span>
    </p>
  );
}
