import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { AppSocket } from '../../../lib/socket';
import { useSocketEvent } from '../../../lib/use-socket';
import type { OffersPages } from '../api/get-offers';
import { applyNewOffer, applyOfferUpdate, type ListedTest } from '../lib/live-offers';

/**
 * Offers on the offers screen's socket (trader spec 7: offer_update, new_offer; connection errors
 * are toasted by `useSocket`). Updates merge into the shown list's cached pages, so the table, the
 * tabs and their counts follow at once without a refetch; `isListed` is the filters' test.
 */
export function useLiveOffers(socket: AppSocket, listKey: QueryKey, isListed: ListedTest): void {
  const queryClient = useQueryClient();

  useSocketEvent(socket, 'offer_update', (offer) => {
    let replaced = false;
    queryClient.setQueryData<OffersPages>(listKey, (pages) => {
      if (!pages) return pages;
      const result = applyOfferUpdate(pages, offer, isListed);
      replaced = result.outcome === 'replaced';
      return result.pages;
    });
    if (replaced) toast.info(`Offer ${offer.pair} updated`, { toastId: `offer-update-${offer.id}` });
  });

  useSocketEvent(socket, 'new_offer', (offer) => {
    queryClient.setQueryData<OffersPages>(listKey, (pages) =>
      pages ? applyNewOffer(pages, offer, isListed) : pages,
    );
    toast.success(`New offer: ${offer.pair}`, { toastId: `new-offer-${offer.id}` });
  });
}
