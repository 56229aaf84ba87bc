/** 0002-00000124, as invoices print it. */
export const displayNumber = (pointOfSale: number, number: number) =>
  `${String(pointOfSale).padStart(4, '0')}-${String(number).padStart(8, '0')}`;
