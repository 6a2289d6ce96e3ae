// The job on the order form /auftrag: every price as /preise states it, to tick, and the surcharge
// rule (templates/pages/OrderFormPage.tsx).
import type { OrderForm } from '../../core/schema/order-form.ts';
import type { Prices, VatWording } from '../../core/schema/prices.ts';
import { Price, PriceSchedule } from '../components/Price.tsx';
import { HAPPY_HOUR_ID, quote, surchargeNote } from '../../core/prices.ts';
import { Block, Box, FillFields, TickTable } from './OrderFormParts.tsx';

/** The job: every service, every part and every extra added at the door with its price, to tick, and the surcharge rule. */
export function JobBlock({ prices, vat, words }: { prices: Prices; vat: VatWording; words: OrderForm['job'] }) {
  const services = [...prices.services.map((service) => service.id), HAPPY_HOUR_ID];
  return (
    <Block id="leistung" heading={words.heading}>
      <TickTable choice={words.choice} columns={[words.services, words.price]} items={services.map((id) => quote(prices, id).item)} price={(item) => <PriceSchedule prices={prices} id={item.id} />} />
      <TickTable choice={words.choice} columns={[words.parts, words.price]} quantity={words.quantity} items={prices.parts} price={(part) => <Price quote={quote(prices, part.id)} />} />
      <TickTable
        choice={words.choice}
        columns={[words.extras, words.price]}
        quantity={words.quantity}
        items={prices.extras.filter((extra) => !extra.namedOnPhone)}
        price={(extra) => <PriceSchedule prices={prices} id={extra.id} />}
      />
      <p className="tick-line">
        <Box />
        {words.surcharge}
      </p>
      <p className="fine-print">{surchargeNote(prices)}</p>
      <FillFields labels={[words.other, words.total]} />
      <p className="fine-print">{vat.note}</p>
    </Block>
  );
}
