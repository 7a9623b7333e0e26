import { toast } from 'react-toastify';
import {
  TELEGRAM_LINK_CODE_MINUTES,
  TELEGRAM_NOT_CONFIGURED,
  type TelegramLinkCode,
  type TelegramStatus,
} from '../../../../contract/telegram';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { useConfirm } from '../../../components/ui/use-confirm';
import { serverErrorMessage } from '../../../lib/api-client';
import { formatLongDateTime } from '../../../lib/format';
import {
  TELEGRAM_LOAD_ERROR,
  useCreateTelegramLinkCode,
  useTelegramStatus,
  useUnlinkTelegram,
} from '../api/telegram';

export const UNLINK_QUESTION = 'Unlink Telegram? The bot stops sending you offers and notifications.';

/**
 * Settings' 'Telegram' (issue #21): link a chat with the server's bot by sending it a one-time
 * code, see which Telegram account is linked, unlink it. New offers and notifications then reach
 * the chat as the notification preferences say, and its Accept buttons accept there.
 */
export function TelegramCard({ pollMs }: { pollMs?: number }) {
  const code = useCreateTelegramLinkCode();
  // While a code is shown, the link is read again every few seconds: the card turns 'Linked' by itself.
  const status = useTelegramStatus(code.data !== undefined, pollMs);
  return (
    <div id="telegram">
      <SectionCard title="Telegram">
        {status.data ? (
          <TelegramDetails status={status.data} code={code} />
        ) : status.isError ? (
          <LoadError
            title={TELEGRAM_LOAD_ERROR}
            detail={serverErrorMessage(status.error, TELEGRAM_LOAD_ERROR)}
          />
        ) : (
          <p role="status" className="text-slate-400">
            Loading...
          </p>
        )}
      </SectionCard>
    </div>
  );
}

function TelegramDetails({
  status,
  code,
}: {
  status: TelegramStatus;
  code: ReturnType<typeof useCreateTelegramLinkCode>;
}) {
  const unlink = useUnlinkTelegram();
  const { ask, dialog } = useConfirm();
  if (!status.configured) return <p className="text-sm text-slate-300">{TELEGRAM_NOT_CONFIGURED}.</p>;

  if (status.link) {
    const name = status.link.username ? `@${status.link.username}` : 'a Telegram account';
    return (
      <div className="space-y-4 text-sm">
        <p className="text-slate-200" data-testid="telegram-linked">
          Linked as {name} since {formatLongDateTime(status.link.linkedAt)}.
        </p>
        <p className="text-slate-400">
          New offers and notifications arrive there as your notification preferences say; /offers, /balance
          and /trades answer in the chat.
        </p>
        <Button
          variant="secondary"
          disabled={unlink.isPending}
          onClick={() =>
            ask(UNLINK_QUESTION, () =>
              unlink.mutate(undefined, {
                onSuccess: () => {
                  code.reset();
                  toast.success('Telegram unlinked');
                },
                onError: (error) => toast.error(serverErrorMessage(error, 'Could not unlink Telegram')),
              }),
            )
          }
        >
          Unlink
        </Button>
        {dialog}
      </div>
    );
  }

  return (
    <div className="space-y-4 text-sm">
      <p className="text-slate-300">
        Get matching offers in Telegram and accept them from the chat
        {status.botUsername ? ` with @${status.botUsername}` : ''}.
      </p>
      {code.data ? <LinkInstructions code={code.data} /> : null}
      <Button
        variant={code.data ? 'secondary' : 'primary'}
        disabled={code.isPending}
        aria-busy={code.isPending || undefined}
        onClick={() =>
          code.mutate(undefined, {
            onError: (error) => toast.error(serverErrorMessage(error, 'Could not make a link code')),
          })
        }
      >
        {code.data ? 'New Code' : 'Link Telegram'}
      </Button>
    </div>
  );
}

function LinkInstructions({ code }: { code: TelegramLinkCode }) {
  const bot = code.botUsername ? `@${code.botUsername}` : 'the bot';
  return (
    <div
      className="space-y-3 rounded-lg border border-slate-700 bg-slate-900/60 p-4"
      data-testid="telegram-code"
    >
      <p className="text-slate-200">
        Send <code className="rounded bg-slate-800 px-1.5 py-0.5 text-orange-300">/start {code.code}</code> to{' '}
        {bot}.
      </p>
      {code.deepLink ? (
        <a
          className={buttonClasses('primary')}
          href={code.deepLink}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open in Telegram
        </a>
      ) : null}
      <p className="text-xs text-slate-400">
        The code works once, for {TELEGRAM_LINK_CODE_MINUTES} minutes (until{' '}
        {formatLongDateTime(code.expiresAt)}). This card updates once the bot has linked your chat.
      </p>
    </div>
  );
}
