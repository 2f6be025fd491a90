/**
 * Find a practitioner, better with JavaScript: "Near me" asks the browser for its precise
 * location and searches from it (near=lat,lng). Without JavaScript, or if the visitor declines,
 * the button sends near=me and the Worker uses the request's approximate location.
 */
function enhanceNearMe(): void {
  const button = document.querySelector<HTMLButtonElement>("button[data-near-me]");
  const form = button?.form;
  if (!button || !form || !("geolocation" in navigator)) return;
  button.addEventListener("click", (event) => {
    event.preventDefault();
    button.setAttribute("aria-busy", "true");
    const submitWith = (near: string) => {
      const field = document.createElement("input");
      field.type = "hidden";
      field.name = "near";
      field.value = near;
      form.append(field);
      const place = form.querySelector<HTMLInputElement>("input[name=place]");
      if (place) place.value = "";
      form.submit();
    };
    navigator.geolocation.getCurrentPosition(
      (position) => submitWith(`${position.coords.latitude.toFixed(5)},${position.coords.longitude.toFixed(5)}`),
      () => submitWith("me"),
      { timeout: 8_000, maximumAge: 300_000 },
    );
  });
}

enhanceNearMe();
