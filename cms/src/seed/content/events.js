'use strict';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Events in the states the site shows, dates relative to `now`: an upcoming two-day conference
 * with a dinner add-on and a ticket sold to associate members alone, a course whose 2 places are sold out (the test stack and demo fill them,
 * so it shows a waiting list), and a past online workshop whose attendance staff import.
 */
const events = (now, ref) => {
  const dayAt = (days, hours, minutes = 0) => {
    const date = new Date(now.getTime() + days * DAY);
    date.setUTCHours(hours, minutes, 0, 0);
    return date.toISOString();
  };
  const questions = [
    { code: 'dietary', label: 'Dietary needs', kind: 'dietary', required: false },
    { code: 'access', label: 'Access needs', kind: 'access', required: false },
  ];
  return {
    conference: {
      name: 'Annual Conference 2027',
      slug: 'annual-conference',
      summary: 'Two days of research, practice and people: keynotes, workshops and the conference dinner.',
      description:
        'Our flagship gathering. Day one opens with the keynote on persistent pain; day two is given to hands-on workshops.\n\nThe **conference dinner** on the first evening is booked as an add-on.',
      startsAt: dayAt(60, 9),
      endsAt: dayAt(61, 17),
      timeZone: 'Europe/London',
      format: 'in_person',
      state: 'scheduled',
      image: ref.media('card-professionals.jpg'),
      venue: {
        name: 'Example Conference Centre',
        address: '1 Example Square\nManchester\nM1 1AA',
        mapUrl: 'https://www.openstreetmap.org/search?query=M1%201AA',
        accessibility: 'Step-free access throughout; hearing loop in the main hall; quiet room on level 1.',
        travel: 'Ten minutes on foot from Manchester Piccadilly station.',
      },
      programme: [
        { title: 'Registration and coffee', startsAt: dayAt(60, 9), endsAt: dayAt(60, 9, 45), room: 'Foyer' },
        { title: 'Keynote: persistent pain, ten years on', startsAt: dayAt(60, 10), endsAt: dayAt(60, 11), room: 'Main hall', speakers: 'Dr Alex Example' },
        { title: 'Workshops', startsAt: dayAt(61, 10), endsAt: dayAt(61, 16), room: 'Rooms 1-4', speakers: 'Sam Sample, Jo Placeholder' },
      ],
      speakers: [
        { name: 'Dr Alex Example', role: 'Consultant physiotherapist', biography: 'Alex leads a persistent pain service and teaches on its evidence.' },
        { name: 'Sam Sample', role: 'Clinical specialist', biography: 'Sam runs the workshops on exercise prescription.' },
      ],
      cpdHours: 12,
      cpdCategory: 'clinical',
      seo: { metaTitle: 'Annual Conference 2027', metaDescription: 'Two days of research and practice, with the conference dinner.' },
      membersOnly: false,
      capacity: 300,
      cancellationDays: 14,
      waitlistOfferHours: 48,
      ticketTypes: [
        { code: 'member', name: 'Member', price: 240, vatTreatment: 'standard', audience: 'members', capacity: 250 },
        { code: 'non-member', name: 'Non-member', price: 360, vatTreatment: 'standard', audience: 'anyone', capacity: 100 },
        { code: 'associate', name: 'Associate member', price: 180, vatTreatment: 'standard', audience: 'membership_type', membershipTypeSlug: 'associate', capacity: 40 },
        { code: 'dinner', name: 'Conference dinner add-on', price: 55, vatTreatment: 'standard', audience: 'signed_in', capacity: 120, addOn: true },
      ],
      questions: [...questions, { code: 'workshop', label: 'Which workshop on day two?', kind: 'choice', choices: 'Exercise prescription\nPain education\nPelvic health', required: true }],
    },
    course: {
      name: 'Manual Therapy Skills Course',
      slug: 'manual-therapy-course',
      summary: 'A small-group practical day with a cap on places, so everyone gets time with the tutors.',
      description: 'A practical course for up to two people per tutor. Wear comfortable clothes.',
      startsAt: dayAt(30, 9, 30),
      endsAt: dayAt(30, 16, 30),
      timeZone: 'Europe/London',
      format: 'in_person',
      state: 'scheduled',
      venue: { name: 'Example Teaching Rooms', address: '5 Sample Street\nLeeds\nLS1 1AA', accessibility: 'Ground floor; accessible toilet.' },
      cpdHours: 6,
      cpdCategory: 'clinical',
      capacity: 2,
      cancellationDays: 14,
      waitlistOfferHours: 48,
      ticketTypes: [{ code: 'place', name: 'Place', price: 120, vatTreatment: 'exempt', audience: 'signed_in' }],
      questions,
    },
    workshop: {
      name: 'Online Workshop: Writing Exercise Programmes',
      slug: 'online-exercise-workshop',
      summary: 'A past online workshop; attendance was imported from the video platform and counts for CPD.',
      description: 'Ninety minutes on writing exercise programmes patients keep to.',
      startsAt: dayAt(-20, 18),
      endsAt: dayAt(-20, 19, 30),
      timeZone: 'Europe/London',
      format: 'online',
      state: 'scheduled',
      joiningInstructions: 'Join from the link on your bookings page; it appears an hour before the start.',
      joinUrl: 'https://zoom.example/j/90000000777',
      joinOpensMinutesBefore: 60,
      cpdHours: 1.5,
      cpdCategory: 'education',
      capacity: 100,
      minimumAttendancePercent: 75,
      ticketTypes: [{ code: 'place', name: 'Place', price: 0, vatTreatment: 'exempt', audience: 'signed_in' }],
    },
  };
};

module.exports = { events };
