import type { CategorySlug } from './categories.ts';

// Hand-written demo threads. `{name}` placeholders are filled per post (see makeVars in demo.ts), so one
// template yields several different-looking threads. Text is markdown.

export type PostTemplate = {
  category: CategorySlug;
  titles: readonly string[];
  body: string;
  /** Replies that only make sense under this thread. */
  comments?: readonly string[];
  /** Draws more downvotes. */
  controversial?: boolean;
};

export const POST_TEMPLATES: readonly PostTemplate[] = [
  // ── Pay & Rates ──────────────────────────────────────────────────────────────
  {
    category: 'pay-rates',
    titles: ['{network} cutting rates again in {city}: {rate}p a parcel now', 'Is {rate}p a parcel with {network} worth it round {city}?', '{rate}p a drop from {network}. Am I mad to keep going?'],
    body: `Got the message this morning: from next month it's **{rate}p a parcel** on my round in {city}. That's down from what I started on, and nobody at the depot could tell me why.

Rough numbers for a normal day:

- {parcels} parcels, about {drops} stops
- {miles} miles, diesel at {fuel} a litre
- {hours} hours door to door including the load

After fuel and the van I reckon I'm clearing less than minimum wage on a bad day. Is anyone else seeing the same, or is it just our area?`,
    comments: [
      'Same letter here. They know there is always someone new willing to take the round.',
      'Work out your hourly after *all* costs, not just fuel. When I did it properly I handed my notice in the same week.',
      'Ask for the rate card in writing. Half the time the depot manager is guessing.',
      'Our rate went down too, but they tightened the round so the drops are closer. Still worse overall.',
      'At {rate}p you need dense drops. Rural rounds at that rate are a charity.',
    ],
    controversial: true,
  },
  {
    category: 'pay-rates',
    titles: ['What are you actually clearing per day after fuel?', 'Honest question: real take-home per day on multi-drop?', 'Day rate {dayRate} in {city}: good or bad?'],
    body: `Trying to settle an argument with my brother-in-law, who thinks we're all on £300 a day.

I'm on a day rate of **{dayRate}** in {city}. After diesel (about {miles} miles a day), insurance and the van lease I'm left with roughly half of that before tax.

Post yours if you're comfortable: network or client, day rate or per drop, and what's left after costs. No judgement, just want real numbers.`,
    comments: [
      'Day rate {dayRate}, about {miles} miles, left with roughly 55% after costs. Before tax.',
      'Per drop on {network}, averaging around £140 a day clear on a good week. Bad weeks are grim.',
      'Owner driver with my own customers: better money, much worse stress. Cashflow is the killer.',
      'Anyone quoting £300 a day clear is either doing 14 hours or not counting the van.',
      'Remember holiday and sick days. Divide what you earn in a year by 52, not by the weeks you worked.',
    ],
  },
  {
    category: 'pay-rates',
    titles: ['{network} deducted £{deduction} for a "missing" parcel I have a photo of', 'Deductions for parcels marked delivered: how do you fight them?'],
    body: `Got £{deduction} taken off this week's invoice for a parcel the customer says never arrived. I've got the photo on the doorstep, GPS bang on the address and a timestamp.

Depot says it's "policy" and the claim is closed. Has anyone actually won one of these?

What I've done so far:

1. Emailed the depot with the photo and the scan record
2. Asked for the claim reference
3. Kept copies of everything

Next step? Small claims seems over the top for £{deduction} but it's the principle, and it's the third one this year.`,
    comments: [
      'Check your contract for the deduction clause. If it is not in there they cannot just take it.',
      'Email the regional manager, not the depot. Put it in writing and quote the photo timestamp.',
      'I won one after about six weeks of emails. Persistence is the only thing that works.',
      'Start logging every one of these in a spreadsheet. Patterns are harder for them to ignore.',
      'Money Claim Online is cheap for small amounts. Sometimes just sending the letter before action gets it paid.',
    ],
  },
  {
    category: 'pay-rates',
    titles: ['Peak season pay: is the {network} bonus worth the hours?', 'Christmas peak with {network}: how much did you really earn?'],
    body: `Peak is coming and {network} is offering a bonus per parcel over a target. Last year I did {hours}-hour days for six weeks and I'm honestly not sure the bonus covered the extra fuel and the wear on me.

For those who've done a few peaks:

- Did the bonus actually land on the invoice?
- How many parcels a day were you doing at the worst point?
- Would you do it again?`,
    comments: [
      'The bonus paid, but two weeks late and with no breakdown. Chase it early.',
      'I did {parcels} a day at the worst. Never again without a second person in the van.',
      'Worth it if you treat it as a sprint and rest properly in January.',
      'Take a lunch even when you think you can not afford the time. You make worse decisions after ten hours.',
    ],
  },
  {
    category: 'pay-rates',
    titles: ['Hourly rate on Amazon Flex blocks in {city} lately?', 'Flex blocks in {city}: what are they paying per hour now?'],
    body: `Flex blocks round {city} seem to have dropped to about **{hourly} an hour** unless there's surge. A couple of years ago I could pick up blocks that worked out much better.

I use my own car, so fuel and wear are on me. Are people still finding it worth it, or moving to other apps? I'm doing it around a part-time job so I can't do early starts.`,
    comments: [
      'Surge is the only time it makes sense round here. Base rate blocks are for people with tiny cars.',
      'Track your miles per block. Some "3-hour" blocks are 80 miles of driving.',
      'I mix Flex with Stuart and it evens out. Never rely on one app.',
      'Evening blocks near me are better paid but the drops are in estates with no numbers on the doors.',
    ],
  },

  // ── Owner Drivers ────────────────────────────────────────────────────────────
  {
    category: 'owner-drivers',
    titles: ['Going it alone after {years} years on multi-drop: what I wish I knew', '{years} years as an owner driver: lessons for anyone thinking about it'],
    body: `After {years} years subcontracting I finally went fully independent this year with my own {van}. A few things nobody told me:

1. **Cashflow** is everything. Clients pay on 30 days if you're lucky and 60 if you're not.
2. Your first customers come from people who already know you. Tell every warehouse manager you've met.
3. Price per job, not per hour, and put fuel in the price.
4. Get proper **goods in transit** cover before the first job, not after.

Happy to answer questions if anyone is thinking about it.`,
    comments: [
      'Great list. I would add: keep a separate business account from day one.',
      'The 60 days thing is so true. One late payer nearly finished me in my first year.',
      'How did you find your first regular contract? That is the bit I am stuck on.',
      'Invoice the day the job is done, with the PO number on it. Anything else gives them a reason to delay.',
      'Good advice on pricing. Per hour just punishes you for being efficient.',
    ],
  },
  {
    category: 'owner-drivers',
    titles: ['How do you price a same-day job from {city} to {city2}?', 'Quote request for {city} to {city2}: how much would you charge?'],
    body: `Had an enquiry for a same-day run, {city} to {city2}, one pallet-sized box, collect 10am, deliver by 4pm, empty back.

I'm used to subcontracting where the price is set for me, so I've no feel for it. My costs are roughly:

- {van}, about 30 mpg
- diesel at {fuel}
- insurance and lease spread over the days I work

What would you quote, and do you charge for the return leg?`,
    comments: [
      'Always charge the return leg unless you have a backload lined up.',
      'Work out a per-mile figure that covers *everything* including your time and never go below it.',
      'Courier exchanges will tell you the going rate, even if you do not take their jobs.',
      'Add waiting time charges in writing. Same-day jobs love to keep you sat at the collection.',
    ],
  },
  {
    category: 'owner-drivers',
    titles: ['Late paying client: 75 days and counting', 'Client will not pay an invoice from three months ago', 'Late paying client in {city}: how do I get my money?'],
    body: `A regular client owes me just over £2,000 for work done three months ago. Every time I chase it's "in the next payment run".

I don't want to lose them, but I can't keep funding their business out of my overdraft. What has worked for you?

I know about statutory late payment interest but I've never actually used it. Does adding it just end the relationship?`,
    comments: [
      'Late payment interest exists for exactly this. Most clients pay quickly once they see it on the statement.',
      'Stop doing new work until the old invoices are paid. A good client will understand.',
      'Call the accounts department directly, not your contact. They are often the ones who can release it.',
      'Change your terms for them to 14 days going forward.',
    ],
  },
  {
    category: 'owner-drivers',
    titles: ['Taking on a second van and a driver: worth it?', 'Expanding from one van to two: any regrets?', 'Second {van} and a driver: worth the jump?'],
    body: `Work has picked up and I'm turning jobs away, so I'm thinking about a second {van} and a driver.

The maths looks OK on paper but I'm worried about:

- finding someone reliable
- insurance going up for any driver
- the van being off the road and me still paying for it

Anyone who's done the jump from one van to two, how did it go?`,
    comments: [
      'The driver is the whole game. A good one makes you money, a bad one costs you customers.',
      'Get a quote for any-driver cover first. It was double what I expected.',
      'Try subcontracting the overflow to someone you trust before committing to a second van.',
      'I went to two, then three, and went back to one. Less money, much more sleep.',
    ],
  },

  // ── Multi-drop & Parcel Networks ─────────────────────────────────────────────
  {
    category: 'multi-drop-parcel-networks',
    titles: ['First week with {network} in {city}: is it always this chaotic?', 'Started with {network} on Monday. Is this normal?'],
    body: `Just finished my first week with {network} out of the {city} depot. Load times all over the place, a scanner that crashes when you need it most and a route that sends me past the same roundabout four times.

{parcels} parcels on Friday. I finished at 8pm.

Does it get better once you know the round, or is this just how it is? Any tips for the first month are welcome.`,
    comments: [
      'Gets better once you know the round. Week three is when it clicked for me.',
      'Load your van in drop order even if it takes 20 minutes longer at the depot. You win it back tenfold.',
      'Write notes on problem addresses. Your future self will thank you.',
      'Make friends with the loaders. They can make your morning easy or miserable.',
      'Reorder the route yourself. The app has no idea that road is closed for gas works.',
    ],
  },
  {
    category: 'multi-drop-parcel-networks',
    titles: ['{network} scanner app keeps logging me out mid-round', 'Anyone else having {network} app problems this week?'],
    body: `Three times today the {network} app logged me out halfway down a street and I had to wait for it to sync before I could scan anything.

Depot says "restart your phone". Done that. Cleared the cache. Reinstalled.

Is there a known fix? I'm losing about half an hour a day to it, and that's unpaid.`,
    comments: [
      'Turn battery optimisation off for the app. Android kills it in the background.',
      'It was a bad update. Ours settled down after a few days.',
      'Keep a cheap second phone as a backup. Saved me more than once.',
      'Log the outages with times. If it keeps happening you have evidence when the invoices are short.',
    ],
  },
  {
    category: 'multi-drop-parcel-networks',
    titles: ['Safe place photos: how far do you go?', 'Customer says parcel "not in safe place" despite photo', '{network} safe place complaints: how far do you go with photos?'],
    body: `What does everyone do when nobody's in and there's no safe place listed? I've been taking photos showing the door number *and* the parcel but I still get complaints.

My current routine:

1. Knock, wait, knock again
2. Try a neighbour (and note the house number)
3. Safe place only if it is out of sight from the road
4. Card through the door either way

Is that overkill or not enough?`,
    comments: [
      'That is more than most do. Keep doing it; it protects you when claims come in.',
      'Photos with the door number in shot have saved me more deductions than I can count.',
      'Never use a wheelie bin. Collection day will get you.',
      'Neighbour with a name and number on the card. Customers calm down when they know exactly where it is.',
    ],
  },
  {
    category: 'multi-drop-parcel-networks',
    titles: ['Royal Mail vs {network}: which is the better job?', 'Thinking of leaving {network} for Royal Mail'],
    body: `I've been self-employed with {network} for {years} years and I'm tempted by a Royal Mail job: less money on a good day, but holiday pay, a pension and a union.

For anyone who has done both: what is the day-to-day actually like? Is the workload fair, and how long did it take to get a permanent contract?`,
    comments: [
      'The security is worth a lot more than people think until they are ill for a month.',
      'Workload varies hugely by office. Ask to speak to someone already on the delivery office floor.',
      'I went the other way and regret it. The pension alone was worth thousands.',
      'It is a very different pace. Less rushing, more walking.',
    ],
  },
  {
    category: 'multi-drop-parcel-networks',
    titles: ['Large parcel days on {network}: how do you cope?', 'Bulky items on a multi-drop round: any tips?'],
    body: `Tuesdays on my {network} round are large-parcel day: flat-pack furniture, garden sets, dog food in 15 kg sacks. My {van} is rammed and my back is not thanking me.

What do you all do? Sack truck? Second person? Refuse anything over a certain weight?`,
    comments: [
      'A folding sack truck is the best £40 I ever spent.',
      'Check the weight limit in your contract. Anything over it should be a two-man job.',
      'Lift with your legs and do the big ones first while you are fresh.',
      'Bulky items should pay more. If they do not, raise it every single week.',
    ],
  },

  // ── Food Delivery ────────────────────────────────────────────────────────────
  {
    category: 'food-delivery',
    titles: ['{app} fees in {city} have dropped to about {fee} a drop', 'Anyone else seeing lower {app} fees in {city}?'],
    body: `Since last month most of my {app} orders in {city} are paying around **{fee}**, even for longer trips. Friday and Saturday nights are OK, but weekday lunches are dead.

I'm on an e-bike so fuel isn't the problem, it's the waiting around at restaurants between orders.

Anyone multi-apping successfully? How do you handle two orders arriving at once?`,
    comments: [
      'Multi-apping is the only way it works now. Just be honest with the restaurants about timing.',
      'Lunch is dead everywhere. I only do evenings now.',
      'Decline the rubbish ones. The algorithm does not punish you as much as people think.',
      'Same in my zone. Too many riders signed up over the summer.',
    ],
  },
  {
    category: 'food-delivery',
    titles: ['Restaurant waiting times killing my hourly on {app}', 'Waited 25 minutes for one order on {app} tonight'],
    body: `Waited 25 minutes at one restaurant tonight for an order that was "ready". Got paid {fee} for the whole job.

Does {app} ever pay for waiting time? Is there a way to report restaurants that always do this, or do you just avoid them?`,
    comments: [
      'Unassign after 10 minutes. Someone else will pick it up and you keep your evening.',
      'There is a waiting time report in the app, but I have never seen it pay anything.',
      'Avoid that place. Every rider in my zone knows the two or three restaurants to skip.',
    ],
  },
  {
    category: 'food-delivery',
    titles: ['E-bike for {app}: which one and where to charge?', 'Switching from scooter to e-bike for deliveries'],
    body: `Thinking of moving from a 125cc scooter to an e-bike for {app} in {city}. No insurance or fuel, but I'm worried about range and battery safety after all the fires in the news.

What are people riding? And does anyone charge at work rather than at home?`,
    comments: [
      'Buy a legal 250 W, 15.5 mph bike from a proper shop. The throttle conversions are a fire and a fine waiting to happen.',
      'Two batteries and you never worry about range.',
      'Never charge a cheap battery overnight in the hallway. Please.',
      'Look into cycle-to-work schemes if you have any PAYE job as well. Big saving.',
    ],
  },

  // ── Vans & Vehicles ──────────────────────────────────────────────────────────
  {
    category: 'vans-vehicles',
    titles: ['Lease or buy: {van} for multi-drop?', 'Leasing a {van} at {lease} a month: good deal?'],
    body: `Quoted **{lease} a month** for a new {van} on a three-year lease, 20k miles a year. Or I could buy a {vanAge}-year-old one with {mileage}k on the clock for cash.

Multi-drop does big miles, and I'm worried about excess mileage charges and end-of-lease damage bills. On the other hand, an old van off the road for a week costs me more than a year's lease difference.

What would you do?`,
    comments: [
      'End-of-lease damage charges are brutal for courier vans. Budget for them from day one.',
      'Bought used, had it three years, no regrets. Find a good independent garage.',
      'Leasing only makes sense if the mileage allowance is realistic. Most multi-drop is 30k+ a year.',
      'Whatever you do, have a plan for when it breaks. A hire van on standby saved my contract once.',
      'Check whether the lease includes servicing. That changes the maths a lot.',
    ],
  },
  {
    category: 'vans-vehicles',
    titles: ['Electric van for multi-drop: real-world range in winter?', 'Anyone doing {network} in an electric van?'],
    body: `Looking at an electric van for my round in {city}: about {miles} miles a day, lots of stop-start.

Claimed range is fine, but I've heard winter range drops a lot and heater use eats it. Home charging is possible but public chargers near the depot are rubbish.

Anyone doing full multi-drop days electric? How do you find it?`,
    comments: [
      'Stop-start is where electric shines. My winter range is still fine for 120 miles.',
      'Home charging is the whole thing. Without it, I would not bother.',
      'Preheat the cab while it is still plugged in. Makes a big difference in winter.',
      'The running costs are lovely; the purchase price is not. Look at used ex-fleet ones.',
    ],
  },
  {
    category: 'vans-vehicles',
    titles: ['Clutch gone on my {van} at {mileage}k: normal?', '{van} dual mass flywheel and clutch quote: is this right?'],
    body: `Clutch started slipping last week, and the garage has quoted for a clutch *and* dual mass flywheel on my {van}: nearly £1,400. It's on {mileage}k miles, mostly multi-drop.

Is that a normal price? And is it worth asking about a solid flywheel conversion?`,
    comments: [
      'Multi-drop eats clutches. That mileage is about normal for a round like ours.',
      'Get a second quote from an independent. Main dealers were £500 dearer for me.',
      'Solid flywheel conversions can make the van shake at idle. Mixed reviews.',
      'Budget for this as a running cost, not a surprise. It will happen again.',
    ],
  },
  {
    category: 'vans-vehicles',
    titles: ['Best van racking for parcels?', 'Shelving in a {van}: worth it for multi-drop?'],
    body: `My {van} is basically one big pile by lunchtime. Thinking of putting shelving in so I can keep drops in order.

Does racking actually help with parcel work, or do the big items make it pointless? Any recommendations on fitting it myself?`,
    comments: [
      'Low shelves down one side only. Keeps the floor free for the bulky stuff.',
      'Plastic crates numbered by street worked better for me than racking.',
      'Check the weight; racking eats into your payload more than you would think.',
    ],
  },

  // ── ULEZ / clean air ─────────────────────────────────────────────────────────
  {
    category: 'news-industry',
    titles: ['ULEZ and CAZ charges: how many of you are paying daily?', 'Clean air zone charge is eating my margin', 'Clean air zone charges in {city}: adding them to invoices?'],
    body: `My {van} isn't Euro 6, so every day in the zone costs me. That's well over £2,000 a year before I've earned a penny.

Options I'm weighing up:

- scrappage grant plus a newer van
- turn down jobs inside the zone
- add the charge to every job inside it

Is anyone charging clients the zone fee as a separate line? How did they take it?`,
    comments: [
      'Separate line on the invoice. Most clients accepted it without a word.',
      'Took the scrappage grant. Newer van, lower fuel bill, no daily charge. Wish I had done it sooner.',
      'Check the exemptions and grace periods. Some small businesses got more time.',
      'Unless you are in the zone most days, just price it in per job.',
    ],
    controversial: true,
  },

  // ── Insurance ────────────────────────────────────────────────────────────────
  {
    category: 'insurance',
    titles: ['Hire and reward insurance renewal jumped to {insurance}', 'Courier insurance quote of {insurance}: normal?'],
    body: `Renewal came in at **{insurance}** for hire and reward on my {van}, no claims, {years} years driving for a living. Last year was a lot less.

I've tried the usual comparison sites but half of them don't even do courier cover properly.

Who are people using, and is it better to go through a specialist broker? I also need to check my **goods in transit** limit, because I've been carrying higher-value stuff lately.`,
    comments: [
      'Specialist broker every time. The comparison sites do not understand courier work.',
      'Mine went up by a third too. The whole market has gone up, sadly.',
      'Check your GIT limit per parcel as well as per load. That catches people out.',
      'Telematics box knocked a good chunk off mine. Worth asking.',
      'Ring them and ask for the breakdown. Sometimes the jump is a postcode change you can explain.',
    ],
  },
  {
    category: 'insurance',
    titles: ['Does social, domestic and pleasure cover Amazon Flex?', 'New to deliveries: which car insurance do I need?', 'Starting Amazon Flex in {city}: what insurance do I actually need?'],
    body: `Just starting Amazon Flex in my own car. My normal policy is social, domestic and pleasure, and I've been told Amazon provides insurance during blocks.

Is that right? What about driving to the station or between blocks? I don't want to find out the hard way after a bump.`,
    comments: [
      'SDP alone does *not* cover deliveries. Check exactly when the provided cover starts and stops.',
      'Tell your own insurer what you do. Not telling them can void the whole policy.',
      'The gap between blocks is the grey area. Get it in writing.',
    ],
  },
  {
    category: 'insurance',
    titles: ['Public liability: do I really need it as a courier?', 'Client asking for £5m public liability. Normal?', 'Client in {city} wants £5m public liability cover: normal?'],
    body: `A new client wants proof of **public liability** cover before I can start. I've never had it, just hire and reward and goods in transit.

What does it actually cover for a courier, and roughly what does it cost? Is £5m a normal level to ask for?`,
    comments: [
      'Standard for business clients. It covers you if you damage their property or injure someone on their site.',
      'It is not expensive compared with the van cover. Usually a bundle with GIT.',
      '£5m is common for warehouses and retail parks. Some ask for £10m.',
    ],
  },
  {
    category: 'insurance',
    titles: ['Goods in transit claim refused: parcels stolen from a locked van', 'GIT claim turned down over the van being "unattended"', 'Goods in transit claim refused after a break-in in {city}'],
    body: `Van was broken into while I was at a drop, locked, for about three minutes. Several parcels taken. My goods in transit insurer has refused the claim because of an "unattended vehicle" exclusion with conditions I never read properly.

Lesson learned, but is there anything I can do now? And what should I look for in the small print next time?`,
    comments: [
      'Look for the exact wording on locks and alarms. Some policies want deadlocks or an approved alarm.',
      'Complain to the insurer formally, then the Financial Ombudsman if they do not move.',
      'Slam locks paid for themselves in my first year.',
      'Sorry this happened. It is the clause nobody reads until it bites.',
    ],
  },

  // ── Tax & HMRC ───────────────────────────────────────────────────────────────
  {
    category: 'tax-hmrc',
    titles: ['Self assessment: mileage allowance or actual van costs?', 'Simplified mileage vs actual costs for a courier van', 'Mileage allowance or actual costs on a {van}?'],
    body: `Doing my self assessment early this year. I did about **{mileage},000 business miles** in my {van}.

Should I claim the simplified mileage rate or actual costs (fuel, repairs, insurance, lease)? I know you can't switch once you've picked a method for a vehicle, so I want to get it right.

Anyone worked out which came out better for a high-mileage van?`,
    comments: [
      'High mileage with a cheap van: run both and compare. Actual costs often win on a leased van.',
      'Keep every receipt either way. HMRC loves a mileage log with dates and postcodes.',
      'Paid a bookkeeper £250 and she saved me more than that. Worth it in year one.',
      'Remember you cannot switch methods for that vehicle later. Pick carefully.',
      'Do not forget phone, hi-vis, sack truck and part of your home office if you do the admin there.',
    ],
  },
  {
    category: 'tax-hmrc',
    titles: ['Payments on account shock: first year self-employed', 'Why is HMRC asking for 150% in January?', 'First self assessment as a {network} courier: payments on account?'],
    body: `First year self-employed as a courier and my tax bill in January is way more than I expected. Turns out it includes a **payment on account** for this year as well.

Nobody mentioned this when I signed up. What's the best way to plan for it? I'm now putting money aside every week, but how much?`,
    comments: [
      'It catches everyone in year one. 25 to 30% of profit into a separate pot every week.',
      'You can ask to reduce payments on account if you expect to earn less this year.',
      'Open a savings account you cannot see in your banking app. Out of sight, out of mind.',
      'Check whether you are due a refund from any PAYE work before that. It all nets off.',
    ],
  },
  {
    category: 'tax-hmrc',
    titles: ['Am I really self-employed? Employment status with {network}', 'Employment status question: set route, set hours, their uniform'],
    body: `{network} tells me I'm self-employed, but they set my route, my start time and what I wear, and I can't send a substitute.

Has anyone used HMRC's employment status tool or taken this further? I'm not looking for a fight, I just want to understand where I stand on holiday pay.`,
    comments: [
      'The status tool is a start, but tribunals look at the whole picture, including substitution.',
      'Talk to a union. Some cover self-employed couriers now.',
      'Right of substitution is usually the key clause. Read your contract carefully.',
    ],
    controversial: true,
  },
  {
    category: 'tax-hmrc',
    titles: ['VAT registration: getting close to the threshold', 'Should an owner driver register for VAT early?', 'Owner driver in {city} nearing the VAT threshold: register now?'],
    body: `My turnover is creeping up towards the VAT threshold. Most of my clients are VAT registered, so they can reclaim it, but a couple of small ones aren't.

Anyone registered voluntarily? Did you use the flat rate scheme, and was the extra admin worth it?`,
    comments: [
      'If your clients are VAT registered it is mostly neutral for them, and you reclaim VAT on the van and fuel.',
      'Flat rate is worse for most couriers because the limited cost trader rule often bites.',
      'Get an accountant to model it. It depends a lot on your cost mix.',
    ],
  },

  // ── Safety & Security ────────────────────────────────────────────────────────
  {
    category: 'safety-security',
    titles: ['Bitten by a dog at a drop in {city}: what now?', 'Dogs at doors: how do you handle them?'],
    body: `Got nipped on the hand today. Owner opened the door and the dog shot straight out. Not serious, but it shook me.

What do people do:

- Refuse to deliver when there's a dog loose?
- Report it to the network?
- Carry anything (dog treats, a parcel as a shield)?

Royal Mail posties seem to have a proper process. As self-employed, I'm on my own.`,
    comments: [
      'Report it every time, even small ones. If it happens again there is a record.',
      'Always hold a parcel between you and the door. Old trick, works.',
      'Get the bite looked at. Dog bites go bad quickly.',
      'Mark the address in your notes and leave it in a safe place or with a neighbour next time.',
      'You can report a dangerous dog to the police. That is what it is there for.',
    ],
  },
  {
    category: 'safety-security',
    titles: ['Van broken into overnight in {city}: tools and parcels gone', 'Slam locks, deadlocks or alarms: what actually works?'],
    body: `Woke up to the side door of my {van} peeled open. Parcels for the morning and my sack truck gone.

Police gave me a crime number and that's about it. I'm looking at slam locks and an alarm now.

What has actually stopped thieves for you? And how do you deal with the network over the lost parcels?`,
    comments: [
      'Slam locks plus a visible sticker. They move on to the next van.',
      'Never leave parcels in overnight if you can help it. I know that is not always possible.',
      'Dashcam with parking mode caught mine. Did not get the stuff back but got the insurance paid.',
      'Tell the depot first thing with the crime number. They usually treat it differently from a loss.',
    ],
  },
  {
    category: 'safety-security',
    titles: ['Late drops in the dark: staying safe on estates', 'Winter evenings on multi-drop: safety tips?', 'Dark evenings on estates in {city}: how do you stay safe?'],
    body: `Now it's dark by half four, my last two hours are all in the dark, on estates with no lighting and no house numbers.

I've had a couple of close calls with people hanging around the van. What do you all do to stay safe? Head torch? Someone to check in with?`,
    comments: [
      'Head torch and a hi-vis vest. Being seen is half of it.',
      'Share your live location with someone at home until you finish.',
      'Lock the van every single time, even for 30 seconds.',
      'If a drop feels wrong, leave it. No parcel is worth it.',
    ],
  },
  {
    category: 'safety-security',
    titles: ['Customer got aggressive over a late parcel', 'How do you handle abusive customers on the doorstep?', 'Customer in {city} got aggressive over a late {network} parcel'],
    body: `Customer kicked off at me today because their parcel was a day late. Shouting, stood in my way back to the van. Nothing physical but I didn't like it.

I just apologised and left. Should I report these? Does the network care?`,
    comments: [
      'Report it. If they do it to you, they will do it to the next driver.',
      'You did the right thing walking away. Always keep a route back to the van.',
      'Dashcams with audio are worth it for exactly this.',
    ],
  },

  // ── Newcomers ────────────────────────────────────────────────────────────────
  {
    category: 'newcomers',
    titles: ['Thinking of becoming a courier in {city}: where do I start?', 'Complete beginner: car or van for courier work?'],
    body: `Hi all. I've been stacking shelves for years and fancy something where I'm out and about. I've got a clean licence and a small car.

Where would you start in {city}: Amazon Flex, Evri, or a van with one of the bigger networks? I don't want to sink thousands into a van and find out it's not for me.`,
    comments: [
      'Start with your car on Flex or Evri for a few months. You will learn quickly whether you like it.',
      'Welcome! Read the insurance threads before you do anything else.',
      'Do not lease a van until you have a contract in writing.',
      'Track every mile from day one. You will thank yourself in January.',
      'The first month is the hardest. Stick with it for a bit before deciding.',
    ],
  },
  {
    category: 'newcomers',
    titles: ['Hello from {city}: {years} years in warehouses, now driving', 'New member: just started with {network} in {city}'],
    body: `Hello everyone! I've spent {years} years on the warehouse side, most recently as a shift lead, and I've just started driving for {network} out of {city}.

Great to find a forum that's actually for us. Looking forward to learning from you all, and happy to help anyone with the warehouse side of things.`,
    comments: [
      'Welcome aboard! Warehouse experience will help more than you think.',
      'Welcome! Loading your own van in drop order will come naturally to you.',
      'Good to have you. Shout if you get stuck with anything.',
      'Welcome from another {city} driver!',
    ],
  },
  {
    category: 'newcomers',
    titles: ['What do you keep in the van? Essentials list for new drivers', 'New driver kit list: what did I miss?', 'Kit list for a new {network} driver: what did I miss?'],
    body: `Made myself a list of things to keep in the van. What have I missed?

- phone mount and a **spare charging cable**
- power bank
- sack truck
- head torch
- hi-vis
- water and snacks
- a pen that actually works
- gloves and a coat that's properly waterproof`,
    comments: [
      'A roll of tape and a marker pen for when labels peel off.',
      'Hand sanitiser. You touch a lot of doors.',
      'A spare pair of socks. Trust me.',
      'Cable ties and bin bags. You will find a use.',
    ],
  },

  // ── Jobs & Work Wanted ───────────────────────────────────────────────────────
  {
    category: 'jobs-work-wanted',
    titles: ['Route available: multi-drop in {city}, {network}, start next month', 'Looking for a self-employed driver, {city} area'],
    body: `Looking for a reliable self-employed driver for a multi-drop route out of {city}, working for {network}.

- Monday to Friday, Saturdays optional
- own van or van hire available
- day rate {dayRate}, paid weekly

Must have hire and reward insurance and at least six months of multi-drop experience. Message me through the forum with a bit about yourself.`,
    comments: [
      'Is fuel included in that day rate?',
      'Messaged you. Six years on multi-drop, local to the area.',
      'How many drops on average?',
      'Is the van hire deducted from the day rate? How much a week?',
    ],
  },
  {
    category: 'jobs-work-wanted',
    titles: ['Owner driver with {van} looking for regular work around {city}', 'Work wanted: {van} available weekdays, {city} and surrounding areas'],
    body: `Experienced owner driver, {years} years, {van} with full hire and reward, goods in transit and public liability.

Available weekdays around {city}, happy to do same-day, regular contract work or cover for holidays. References available. Drop me a message.`,
    comments: [
      'Might have some Friday work for you, will message.',
      'Try the local builders merchants. They are always short of drivers.',
      'Good luck! Add your rough rates, it saves everyone time.',
    ],
  },

  // ── Routes, Apps & Tech ──────────────────────────────────────────────────────
  {
    category: 'routes-apps-tech',
    titles: ['Which route planner do you use for multi-drop?', 'Route optimisation apps: are any worth paying for?', 'Route planner for {drops} drops a day: which one?'],
    body: `The network app's route order is, to put it kindly, creative. I'm thinking about paying for a route planner app, but I'm not sure it's worth it for {drops} stops a day.

Which ones do you use? Do any let you import the addresses without typing them all in?`,
    comments: [
      'Paid for one for a month and it saved me about 40 minutes a day. Kept it.',
      'Local knowledge still beats every app on estates.',
      'Make sure it can handle time windows, otherwise it is useless for business drops.',
      'Photo import of the manifest works well on most of them now.',
    ],
  },
  {
    category: 'routes-apps-tech',
    titles: ['Dashcam recommendations for a {van}?', 'Front and rear dashcam for a courier van: which one?'],
    body: `After a couple of near misses and one "you reversed into my car" claim that wasn't me, I want a front and rear dashcam for my {van}.

Parking mode would be good for break-ins. What are people running, and did you hardwire it yourself?`,
    comments: [
      'Hardwire kit with parking mode. Get an auto-electrician to fit it if you are not confident.',
      'Rear camera mounted inside the back doors, not on the window. Much more useful.',
      'Some insurers give a discount. Worth asking.',
    ],
  },

  // ── Freight, HGV & Pallets ───────────────────────────────────────────────────
  {
    category: 'freight-hgv-pallets',
    titles: ['Stepping up from vans to a Class 2 licence: worth it?', 'Thinking about my HGV licence after {years} years in vans'],
    body: `After {years} years in vans I'm thinking of doing my Class 2. The pay looks better and there seem to be plenty of jobs.

For those who've made the jump: how much did the training cost all in, and how long until you found work without experience on the licence?`,
    comments: [
      'Found work within a month. Agencies will take you on with a fresh licence.',
      'Do your Driver CPC modules straight away so you are ready to go.',
      'Pallet network work is a good first step. Regular runs, good experience.',
      'The money is better, but so are the hours. Look at the whole week, not the hourly rate.',
    ],
  },
  {
    category: 'freight-hgv-pallets',
    titles: ['Tacho rules when mixing van and HGV work in a week', 'Do van days count towards HGV driving hours?', 'Agency HGV work plus van days in {city}: how do the hours count?'],
    body: `Some weeks I do two days in a 7.5 tonner and three in a van. I'm not sure how the van days count for tachograph and working time rules.

Does anyone have a simple explanation? My agency gives a different answer every time I ask.`,
    comments: [
      'Other work has to be recorded on the tacho as other work. Your agency should know this.',
      'Working time counts across all jobs, not just the HGV ones.',
      'Get the DVSA guidance in writing and keep it in the cab. Saves arguments.',
    ],
  },

  // ── News & Industry ──────────────────────────────────────────────────────────
  {
    category: 'news-industry',
    titles: ['{network} announces depot changes around {city}', 'Rumours of {network} restructuring in {city}: anyone heard anything?'],
    body: `Word at our depot is that {network} is moving some routes from {city} to a new hub, which could mean longer drives to the first drop.

Nothing official yet. Has anyone had a letter or an email? How did it go when they did this elsewhere?`,
    comments: [
      'Same rumours here. Nothing in writing though.',
      'When it happened at ours, the first drop moved 25 minutes further away and the rate stayed the same.',
      'Ask for the new route plan before you agree to anything.',
      'Keep an eye on the jobs boards. Other networks hire when this happens.',
    ],
  },
  {
    category: 'news-industry',
    titles: ['Which network treats drivers best at the moment?', 'Best and worst networks to drive for, honestly', 'If you were starting again in {city}, which network would you pick?'],
    body: `Asking for a friend (me): if you were starting again today, which network would you pick and why?

Please be specific: pay, how fairly deductions are handled, how much support you get at the depot.`,
    comments: [
      'Depends entirely on the depot manager. Same network, completely different job.',
      'The one that pays on time, every time. Sounds basic, but it is rarer than it should be.',
      'I would go for a smaller local firm over any of the big networks.',
    ],
    controversial: true,
  },

  // ── Off Topic ────────────────────────────────────────────────────────────────
  {
    category: 'off-topic',
    titles: ['Best lunch stops around {city}?', 'Where do you eat on a long round near {city}?'],
    body: `Sick of petrol station meal deals. Where do you stop for lunch round {city}? Bonus points for somewhere you can park a {van} without getting a ticket.`,
    comments: [
      'Any cafe on an industrial estate. Cheap, massive portions, parking for days.',
      'Greggs and a sit in the van. Living the dream.',
      'There is a great burger van on the ring road. Ask the local drivers, they all know it.',
      'I make sandwiches now. Saves me about £40 a week.',
    ],
  },
  {
    category: 'off-topic',
    titles: ['Podcasts and audiobooks for long days in the van', 'What are you listening to on the round?', '{hours} hours a day in the van: what are you listening to?'],
    body: `{hours} hours a day in the van, and I've run out of things to listen to. Give me your best podcasts, audiobooks or radio shows.

Currently on a history podcast binge. Open to anything.`,
    comments: [
      'Football phone-ins keep me going. Shouting at the radio is cardio.',
      'Audiobooks from the library app: free and endless.',
      'True crime, which is maybe not ideal on dark estates.',
      'Learning Spanish in the van. Progress is slow but it beats another playlist.',
    ],
  },
  {
    category: 'off-topic',
    titles: ['Funniest thing that happened on a drop this week', 'Weirdest safe place request you have had', 'Strangest delivery instructions you have had on {network}'],
    body: `Customer note today: "leave with the goat if no one in". There was, in fact, a goat.

Let's hear yours. Best delivery instructions or strangest things that happened on the doorstep.`,
    comments: [
      '"Put it in the oven." It was a box of frozen food. I did not.',
      'Had a parrot that said "just leave it" every time I knocked.',
      '"Behind the gnome." There were forty gnomes.',
      'Customer came out in a full Santa outfit in July. No explanation given.',
    ],
  },
];

/** Replies that fit under almost any thread. */
export const GENERAL_COMMENTS: readonly string[] = [
  'Good shout, thanks for posting this.',
  'Same experience here, unfortunately.',
  'This is really useful. Saving it for later.',
  'Thanks, this answered the question I was about to ask.',
  'Been there. It does get easier, honestly.',
  'Completely agree with this.',
  'Not my experience at all, but I know it varies a lot by area.',
  'Cheers for taking the time to write this up properly.',
  'Following, as I am in the same boat.',
  'Worth adding that it depends a lot on your depot.',
  'Good to know I am not the only one.',
  'Would be interested in an update on how this turns out.',
  'Had the same thing last year. Keep records of everything.',
  'Spot on. Wish someone had told me this when I started.',
  'Interesting. What area are you in?',
];

/** Short answers to a reply. */
export const REPLY_COMMENTS: readonly string[] = [
  'Thanks, that helps a lot.',
  'Good point, had not thought of that.',
  'Exactly this.',
  'Fair enough. Different where I am, but I can see it.',
  'Cheers, will give that a try.',
  'Yep, learned that one the hard way.',
  'Which area are you in, out of interest?',
  'Agreed, 100%.',
  'Same here.',
  'That is a really good tip.',
  'Thanks, will report back.',
  'Not sure I agree, but fair point.',
];
