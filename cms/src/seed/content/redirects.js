'use strict';

/**
 * Old addresses of the society's previous website, as printed in past journals, and where they
 * lead now. Editors add more under Content Manager → Redirect.
 */
function redirects() {
  return {
    'about-us': { from: '/about-us', to: '/about', permanent: true, external: false, note: 'Old website: About us' },
    history: { from: '/about/history.html', to: '/about/our-history', permanent: true, external: false, note: 'Old website, printed in the 2019 journal' },
    'cpd-log': { from: '/user/cpd-log', to: '/user/cpd', permanent: true, external: false, note: 'The CPD log moved when it became a screen of its own' },
    'find-a-physio': { from: '/find-a-physio', to: '/patients/find-a-physiotherapist', permanent: true, external: false, note: 'Old website' },
  };
}

module.exports = { redirects };
