/** "★ 4.3 (12 ratings)"; products nobody rated say so instead of showing zero stars. */
export function RatingSummary({ rating, count }: { rating: number; count: number }) {
  if (count === 0) return <p className="rating rating--none">No ratings yet</p>;
  const stars = Math.round(rating);
  return (
    <p className="rating">
      <span className="rating__stars" aria-hidden="true">
        {"★".repeat(stars)}
        {"☆".repeat(5 - stars)}
      </span>{" "}
      <span>
        {rating.toFixed(1)} out of 5 ({count} {count === 1 ? "rating" : "ratings"})
      </span>
    </p>
  );
}
