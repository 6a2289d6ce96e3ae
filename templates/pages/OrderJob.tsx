// The job on the order form /auftrag: every price as /preise states it, to tick, and the surcharge
// rule (templates/pages/OrderFormPage.tsx).
import type { OrderForm } from '../../core/schema/order-form.ts';
import type { Prices, VatWording } from '../../core/schema/prices.ts';
import { Price, PriceSchedule } from '../components/Price.tsx';
import { HAPPY_HOUR_ID, quote, surchargeNote } from '../../core/prices.ts';
import { Block, Box, FillFields, TickRow, TickTableHead } from './OrderFormParts.tsx';

/** The job: every service, every part and every extra added at the door with its price, to tick, and the surcharge rule. */
export function JobBlock({ prices, vat, words }: { prices: Prices; vat: VatWording; words: OrderForm['job'] }) {
  const services = [...prices.services.map((service) => service.id), HAPPY_HOUR_ID];
  return (
    <Block id="leistung" heading={words.heading}>
      <div className="order-table-wrap">
        <table className="order-table">
          <TickTableHead choice={words.choice} columns={[words.services, words.price]} />
          <tbody>
            {services.map((id) => (
              <TickRow key={id} item={quote(prices, id).item}>
                <td>
                  <PriceSchedule prices={prices} id={id} />
                </td>
              </TickRow>
            ))}
          </tbody>
        </table>
      </div>
      <div className="order-table-wrap">
        <table className="order-table">
          <TickTableHead choice={words.choice} columns={[words.parts, words.price, words.quantity]} />
          <tbody>
            {prices.parts.map((part) => (
              <TickRow key={part.id} item={part}>
                <td>
                  <Price quote={quote(prices, part.id)} />
                </td>
                <td className="order-blank" />
              </TickRow>
            ))}
          </tbody>
        </table>
      </div>
      <div className="order-table-wrap">
        <table className="order-table">
          <TickTableHead choice={words.choice} columns={[words.extras, words.price, words.quantity]} />
          <tbody>
            {prices.extras.filter((extra) => !extra.namedOnPhone).map((extra) => (
              <TickRow key={extra.id} item={extra}>
                <td>
                  <PriceSchedule prices={prices} id={extra.id} />
                </td>
                <td className="order-blank" />
              </TickRow>
            ))}
          </tbody>
        </table>
      </div>
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
