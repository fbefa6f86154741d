/** An order's lines as the success and repayment pages list them: "2 × Name (size 40)". */
export function OrderItems({
  items,
  className,
}: {
  items: readonly { _id: string; qty: number; name: string; size: string | null; gift?: boolean }[];
  className: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item._id}>
          {item.qty} × {item.name}
          {item.size ? ` (size ${item.size})` : ""}
          {item.gift ? " · free gift" : ""}
        </li>
      ))}
    </ul>
  );
}
