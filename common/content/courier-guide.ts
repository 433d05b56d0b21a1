import type { ContentPage } from './types.ts';

// The UK courier guide (/courier-guide-uk). Figures that change are marked with the tax year or
// date they apply to; anything set by a council, TfL or a company says to check the current figure.
// Reviewed against GOV.UK, HMRC and TfL guidance as of the lastReviewed date.

export const COURIER_GUIDE: ContentPage = {
  path: '/courier-guide-uk',
  title: 'Courier Guide UK',
  heading: 'The UK courier guide',
  description:
    'A practical guide for UK couriers and delivery drivers: employment status, HMRC and Self Assessment, insurance, vehicles, networks, expenses and safety.',
  lastReviewed: '2026-11-22',
  lastReviewedLabel: 'Last reviewed',
  toc: true,
  intro: [
    'This guide is for anyone delivering parcels, food or freight in the UK: multi-drop van drivers, owner drivers, app-based riders and people thinking about starting. It covers how you are engaged, tax, insurance, vehicles, the main networks, expenses, safety and where to get help.',
    'It is general information, not legal, tax or financial advice. Rules change: figures are marked with the tax year or date they apply to (2026/27 runs from 6 April 2026 to 5 April 2027), and where a charge is set by a council or Transport for London, check the current figure before you rely on it. If your situation is unusual, speak to [HMRC](https://www.gov.uk/government/organisations/hm-revenue-customs), an accountant, [ACAS](https://www.acas.org.uk) or [Citizens Advice](https://www.citizensadvice.org.uk). To work out what a round really pays, try the [pay estimator](/pay-estimator), and ask other drivers in the [forum](/forum).',
  ],
  sections: [
    {
      id: 'employment-status',
      heading: 'Employed, worker or self-employed',
      blocks: [
        {
          type: 'p',
          text: 'Your employment status decides your rights and how you pay tax. UK employment law has three main categories, and what counts is how the work really happens, not only what the contract calls you. A company cannot make you self-employed just by writing "independent contractor" on the paperwork.',
        },
        {
          type: 'table',
          caption: 'The three statuses at a glance',
          head: ['Status', 'Typical set-up', 'Main rights', 'Tax'],
          rows: [
            [
              'Employee',
              'A contract of employment; the company sets hours and routes and supplies the van, scanner and uniform.',
              'National Minimum Wage, paid holiday, sick pay, pension auto-enrolment, redundancy pay and protection from unfair dismissal after a qualifying period, family leave.',
              'PAYE: tax and Class 1 National Insurance are taken from your pay.',
            ],
            [
              'Worker',
              'You must do the work personally and have limited control, but you are not an employee (for example some app-based drivers).',
              'National Minimum Wage for working time, 5.6 weeks\u2019 paid holiday a year, rest breaks, the 48-hour average week limit (you can opt out), protection from unlawful deductions, pension auto-enrolment, whistleblowing protection.',
              'Often paid without deductions and taxed through Self Assessment, depending on the arrangement.',
            ],
            [
              'Self-employed',
              'You run your own business: you can send a substitute, choose which work to accept, set your own way of working and take the financial risk.',
              'No minimum wage or holiday pay from the client. You keep protections such as health and safety, and against discrimination where you personally do the work.',
              'Self Assessment: Income Tax and Class 4 National Insurance on your profits.',
            ],
          ],
        },
      ],
      subsections: [
        {
          id: 'status-tests',
          heading: 'How status is decided',
          blocks: [
            {
              type: 'p',
              text: 'Courts and tribunals look at the whole relationship. The questions that matter most for couriers are:',
            },
            {
              type: 'list',
              items: [
                'Substitution: can you genuinely send someone else to do the round in your place, without the company\u2019s approval on personal grounds? A real, used right of substitution points strongly to self-employment.',
                'Control: who decides your route, your start time, how many parcels you take and how you deliver them? Tight control by apps and scanners points towards worker status.',
                'Mutuality of obligation: must the company offer work and must you accept it?',
                'Financial risk and equipment: do you provide your own vehicle and insurance, and can you make more by working more efficiently?',
                'Integration: do you wear the company uniform and appear to customers as part of its business?',
              ],
            },
            {
              type: 'p',
              text: 'Two Supreme Court cases shape the courier world. In Uber BV v Aslam (2021) the court held that Uber\u2019s private hire drivers were workers, entitled to the minimum wage and holiday pay, because of how much Uber controlled their work. In IWGB v Central Arbitration Committee (2023), about Deliveroo riders, the court held that riders with a genuine, unrestricted right to use a substitute were not in an employment relationship for collective bargaining purposes. Each arrangement is judged on its own facts.',
            },
            {
              type: 'p',
              text: 'If you think you have been wrongly treated as self-employed, ACAS can explain your options, and HMRC\u2019s [Check employment status for tax](https://www.gov.uk/guidance/check-employment-status-for-tax) tool gives its view for tax purposes. Tax status and employment-rights status are decided separately and can differ.',
            },
          ],
        },
        {
          id: 'ir35',
          heading: 'IR35 is not for sole-trader couriers',
          blocks: [
            {
              type: 'p',
              text: 'IR35 (the off-payroll working rules) applies only when you work through your own intermediary, usually a personal limited company, for a client who would be your employer if you were engaged directly. A courier working as a sole trader in their own name is outside IR35 altogether: the question for you is simply whether you are employed, a worker or self-employed. If you set up a limited company, the rules become relevant, and medium and large clients must then decide your status for each engagement.',
            },
          ],
        },
      ],
    },
    {
      id: 'hmrc-self-assessment',
      heading: 'Registering with HMRC and Self Assessment',
      blocks: [
        {
          type: 'p',
          text: 'If you are self-employed you must register with HMRC for Self Assessment by 5 October after the end of the tax year in which you started. Start on 1 June 2026 (tax year 2026/27, ending 5 April 2027) and the deadline is 5 October 2027. You will get a Unique Taxpayer Reference (UTR); many networks ask for it before they pay you. Register through the [GOV.UK self-employment pages](https://www.gov.uk/register-for-self-assessment/self-employed).',
        },
        {
          type: 'p',
          text: 'If your self-employed income (turnover, before expenses) is £1,000 or less in a tax year, the trading allowance means you may not need to register. You can use the £1,000 allowance or claim your actual expenses, not both; most couriers with a vehicle are better off claiming expenses.',
        },
      ],
      subsections: [
        {
          id: 'self-assessment-deadlines',
          heading: 'Self Assessment deadlines',
          blocks: [
            {
              type: 'table',
              caption: 'Deadlines for the 2026/27 tax year (6 April 2026 to 5 April 2027)',
              head: ['What', 'Deadline'],
              rows: [
                ['Register as self-employed if you started in 2026/27', '5 October 2027'],
                ['Paper tax return', '31 October 2027'],
                ['Online tax return', '31 January 2028'],
                ['Pay the balance of tax owed for 2026/27, plus the first payment on account for 2027/28', '31 January 2028'],
                ['Second payment on account for 2027/28', '31 July 2028'],
              ],
            },
            {
              type: 'p',
              text: 'Payments on account are advance payments towards next year\u2019s bill, each normally half of the previous year\u2019s. You do not make them if your last Self Assessment bill was under £1,000 or if more than 80% of your tax was already collected at source (for example through PAYE). Your first year is often a shock: in January you may pay a whole year\u2019s tax plus half of the next year in advance, so put money aside from every week\u2019s pay.',
            },
            {
              type: 'p',
              text: 'Missing the filing deadline costs an automatic £100 penalty, even if you owe no tax, with more after three, six and twelve months; late payment also costs interest. If you are in Making Tax Digital, late submissions are penalised under a points-based system instead. If you cannot pay in full, contact HMRC before the deadline: you may be able to set up a Time to Pay arrangement.',
            },
          ],
        },
        {
          id: 'making-tax-digital',
          heading: 'Making Tax Digital for Income Tax',
          blocks: [
            {
              type: 'p',
              text: 'Making Tax Digital (MTD) for Income Tax started on 6 April 2026 for sole traders and landlords whose qualifying income is over £50,000. From 6 April 2027 it applies above £30,000, and from 6 April 2028 above £20,000. HMRC judges this from the tax return for two years earlier: the 2024/25 return decides April 2026, the 2025/26 return April 2027. Qualifying income means your gross self-employment and property income (turnover before expenses), not your profit, so a van driver on a busy round can reach it quickly.',
            },
            {
              type: 'list',
              items: [
                'You keep digital records of income and expenses in software that works with MTD.',
                'You send a summary update to HMRC every quarter, due by 7 August, 7 November, 7 February and 7 May.',
                'You still submit a final tax return by 31 January after the end of the tax year.',
                'HMRC writes to people it expects to be in scope, but it is your responsibility to check. Search GOV.UK for \u2018Making Tax Digital for Income Tax\u2019 to check whether and when it applies to you.',
              ],
            },
          ],
        },
        {
          id: 'tax-and-ni-rates',
          heading: 'Income Tax and National Insurance (2026/27)',
          blocks: [
            {
              type: 'table',
              caption: 'Income Tax in England, Wales and Northern Ireland, and National Insurance for the self-employed, 2026/27',
              head: ['Band', 'Profit', 'Rate'],
              rows: [
                ['Personal Allowance', 'Up to £12,570', '0%'],
                ['Basic rate', '£12,571 to £50,270', '20%'],
                ['Higher rate', '£50,271 to £125,140', '40%'],
                ['Additional rate', 'Over £125,140', '45%'],
                ['Class 4 National Insurance, main rate', '£12,570 to £50,270', '6%'],
                ['Class 4 National Insurance, additional rate', 'Over £50,270', '2%'],
              ],
            },
            {
              type: 'list',
              items: [
                'The Personal Allowance falls by £1 for every £2 of income over £100,000, so it is gone at £125,140 (2026/27).',
                'Class 2 National Insurance is no longer payable by the self-employed from 6 April 2024. If your profits are above the Small Profits Threshold you still get National Insurance credits towards your State Pension; below it you can choose to pay Class 2 voluntarily (check the current weekly rate).',
                'Scotland sets its own Income Tax bands and rates for Scottish taxpayers, with more bands than the table above; National Insurance is the same across the UK. Check the Scottish rates on GOV.UK if you live in Scotland.',
                'Since 2024/25 the cash basis is the default for sole traders (you count money when it comes in and goes out), and profits are taxed on a tax-year basis. An accounting year to 31 March or 5 April keeps things simple.',
              ],
            },
          ],
        },
        {
          id: 'records-and-vat',
          heading: 'Records, VAT and a business bank account',
          blocks: [
            {
              type: 'list',
              items: [
                'Keep records of every payment received (remittance statements, app earnings reports) and every expense (receipts, fuel, insurance, phone bills) for at least five years after the 31 January filing deadline of the tax year they relate to.',
                'A separate bank account for your courier work is not required for a sole trader, but it makes records far easier and shows HMRC a clean trail.',
                'You must register for VAT if your taxable turnover goes over the VAT threshold in any rolling 12 months: £90,000 since 1 April 2024 (check the current figure). Most couriers are well below it.',
                'Student loan repayments due on self-employed income are collected through Self Assessment.',
              ],
            },
          ],
        },
      ],
    },
    {
      id: 'insurance',
      heading: 'Insurance',
      blocks: [
        {
          type: 'p',
          text: 'Ordinary car or van insurance (social, domestic and pleasure, with or without commuting) does not cover delivering goods for payment. If you deliver for money without the right cover you are driving uninsured: a £300 fixed penalty and 6 penalty points, or an unlimited fine and disqualification if it goes to court; the vehicle can be seized, and any claim may be refused. Tell your insurer exactly what you do.',
        },
        {
          type: 'table',
          caption: 'The insurance a courier is likely to need',
          head: ['Cover', 'What it is for', 'Who needs it'],
          rows: [
            [
              'Hire and reward (courier) vehicle insurance',
              'Covers your vehicle while you carry other people\u2019s goods for payment. Sold as courier insurance, carriage of goods for hire and reward, or multi-drop cover; check it matches your work (multi-drop, same-day, food delivery).',
              'Everyone delivering by car, van or motorbike for payment. Some apps provide cover only while you are on a job: check exactly when it starts and ends.',
            ],
            [
              'Goods in transit',
              'Pays for parcels lost, stolen or damaged while in your care. Check the limit per parcel and per load, and exclusions such as an unattended or unlocked vehicle, overnight storage and high-value items.',
              'Usually required by networks and agencies; some include it in the rate and others deduct losses from your pay.',
            ],
            [
              'Public liability',
              'Covers claims from members of the public for injury or damage to property caused by your work, such as damaging a gate or injuring someone at the door.',
              'Often a contract condition; worth having whatever your vehicle, including on a bicycle.',
            ],
            [
              'Employers\u2019 liability',
              'Covers injury or illness claims from people you employ. It is a legal requirement as soon as you employ someone, including a helper or a second driver, with cover of at least £5 million from an authorised insurer.',
              'Anyone who employs staff. You can be fined up to £2,500 for every day you do not have it.',
            ],
          ],
        },
        {
          type: 'p',
          text: 'Also worth considering: breakdown cover that includes commercial use, personal accident or income protection (you get no sick pay when you are self-employed), legal expenses cover, and tool or equipment cover for scanners and sack trucks. Compare the excess, any named-driver limits and whether cover applies when a substitute drives.',
        },
      ],
    },
    {
      id: 'vehicles',
      heading: 'Choosing and costing a vehicle',
      blocks: [
        {
          type: 'p',
          text: 'The right vehicle depends on the work: distance between drops, parcel sizes, where you park and what the network allows. Whatever you choose, work out the cost per mile and per week before you sign anything, and compare it with what the round pays. The [pay estimator](/pay-estimator) does the sums.',
        },
        {
          type: 'table',
          caption: 'Vehicle types compared',
          head: ['Vehicle', 'Suits', 'Things to know'],
          rows: [
            [
              'Bicycle or e-bike',
              'Food delivery and dense city parcel rounds with small items.',
              'Cheap to run; no licence, tax or compulsory insurance. An e-bike is legally a pedal bicycle only if the motor is no more than 250 watts and stops assisting at 15.5 mph; anything more powerful counts as a motor vehicle. Private e-scooters cannot legally be used on public roads.',
            ],
            [
              'Motorbike or scooter',
              'Food delivery and urgent same-day work in towns.',
              'You need a suitable licence or a valid CBT certificate for the engine size, plus hire and reward insurance. Weather and security matter more than in a van.',
            ],
            [
              'Car',
              'Amazon Flex-style blocks, small parcel rounds, food delivery.',
              'Limited load space; check the network accepts cars. High mileage wears a car fast.',
            ],
            [
              'Van',
              'Multi-drop parcel rounds and same-day courier work.',
              'A car (category B) licence covers vans up to 3,500 kg maximum authorised mass. Watch the payload: an overloaded van is an offence and affects your insurance.',
            ],
            [
              'Electric car or van',
              'Urban rounds with predictable daily mileage and somewhere to charge.',
              'Low energy cost per mile if you charge at home on an off-peak tariff; public rapid charging costs much more. Check real winter range against your longest day. Electric vehicles have paid vehicle tax since 1 April 2025. Some heavier electric vans (up to 4,250 kg) can be driven on a car licence under conditions (in Great Britain only, carrying goods, no trailer): check GOV.UK before relying on it.',
            ],
          ],
        },
      ],
      subsections: [
        {
          id: 'lease-or-buy',
          heading: 'Leasing, hiring or buying',
          blocks: [
            {
              type: 'list',
              items: [
                'Weekly hire from the network or a delivery partner: no deposit and often maintenance included, but usually the most expensive per week, deducted from your pay, and you may be charged for damage and excess mileage. Ask what happens to the hire if the work stops.',
                'Contract hire (leasing): a fixed monthly payment for two to four years with a mileage limit. Multi-drop mileage can exceed standard limits quickly, so price the excess mileage charge and end-of-lease damage charges.',
                'Hire purchase or a loan: you own the vehicle at the end. Interest is an allowable expense if you claim actual costs.',
                'Buying outright: no monthly cost, but money tied up and repairs are yours. A used van with a full service history and a recent MOT is the usual route for new owner drivers.',
              ],
            },
          ],
        },
        {
          id: 'running-costs',
          heading: 'Running costs',
          blocks: [
            {
              type: 'p',
              text: 'Add up everything, per week: fuel or charging, insurance, vehicle tax, MOT (every year once a van or car is three years old), servicing, tyres and brakes (multi-drop work wears them quickly), breakdown cover, phone and data, parking and tolls, and finance or hire. Then set aside money for depreciation or the next vehicle. Fuel cost per mile is the price per litre multiplied by 4.546 (litres in a UK gallon) and divided by your real miles per gallon: at 145p a litre and 35 mpg it is about 19p a mile.',
            },
          ],
        },
        {
          id: 'clean-air-zones',
          heading: 'Clean air zones, ULEZ and the Congestion Charge',
          blocks: [
            {
              type: 'p',
              text: 'Several cities charge or fine older, more polluting vehicles. The usual minimum standard is Euro 4 for petrol and Euro 6 for diesel; many diesel vans registered before September 2016 do not meet it. Check any vehicle\u2019s registration on the GOV.UK [clean air zone checker](https://www.gov.uk/clean-air-zones) and on TfL\u2019s vehicle checker before you buy or hire it.',
            },
            {
              type: 'list',
              items: [
                'London Ultra Low Emission Zone (ULEZ): covers all London boroughs and runs 24 hours a day, every day except Christmas Day. Non-compliant cars and vans up to 3.5 tonnes pay £12.50 a day (check the current charge on TfL).',
                'London Congestion Charge: central London, 7am to 6pm on weekdays and 12 noon to 6pm at weekends and on bank holidays. The daily charge was £15 until 1 January 2026 and £18 from 2 January 2026 (check the current charge). Electric vehicles are no longer exempt: registered electric vans get a discount through Auto Pay. A van that does not meet ULEZ standards pays both charges.',
                'Clean Air Zones in England, such as Bath, Birmingham, Bradford, Bristol, Portsmouth, Sheffield and Newcastle and Gateshead, have different classes: some charge non-compliant vans but not cars, and some do not charge vans at all. Charges are set locally (check the current charge).',
                'Scotland\u2019s Low Emission Zones in Glasgow, Edinburgh, Dundee and Aberdeen fine non-compliant vehicles that enter rather than selling a daily pass.',
                'Fines for unpaid zone charges arrive weeks later by post, and on a five-day round they add up fast. Check the rules for every area your round covers.',
              ],
            },
          ],
        },
      ],
    },
    {
      id: 'networks-and-apps',
      heading: 'The main parcel networks and delivery apps',
      blocks: [
        {
          type: 'p',
          text: 'How you are engaged varies by company and changes over time: directly, through a delivery service partner (a subcontractor), or through an app. Pay can be per parcel, per drop, per route or day, per hour or per order. The summary below describes how each operates in general terms; always read the current contract and ask other drivers in the [forum](/forum) what a round is like.',
        },
        {
          type: 'table',
          caption: 'Parcel networks',
          head: ['Network', 'How drivers are usually engaged'],
          rows: [
            ['Evri (formerly Hermes)', 'Self-employed couriers on local rounds, usually paid per parcel collected or delivered, plus drivers on its trunking network and ParcelShops for drop-off and collection.'],
            ['DPD', 'A mix of employed drivers and owner-driver franchisees who run their own routes, with their own or hired vans. Known for one-hour delivery windows sent to recipients.'],
            ['Yodel', 'Self-employed couriers for home delivery alongside employed drivers; paid per parcel or per route depending on the arrangement.'],
            ['Royal Mail and Parcelforce Worldwide', 'Mostly employees, many represented by the Communication Workers Union (CWU). Parcelforce Worldwide is the express parcels arm. Agencies supply temporary staff at peak times.'],
            ['Amazon (Flex and Delivery Service Partners)', 'Amazon Flex: self-employed delivery partners using their own vehicles and booking blocks of work in the app. Delivery Service Partners: independent companies that employ or engage drivers for Amazon routes, often in branded vans.'],
            ['UPS', 'Mainly its own employed drivers, with contractors and agencies used especially at peak.'],
            ['DHL', 'DHL Express (international express) and DHL eCommerce UK (domestic parcels) use employed drivers and subcontracted couriers.'],
            ['InPost', 'Parcel lockers and collection points; uses drivers to fill and empty lockers and to deliver; check who engages you and on what terms.'],
          ],
        },
        {
          type: 'table',
          caption: 'Food and grocery delivery apps',
          head: ['App', 'How couriers are usually engaged'],
          rows: [
            ['Uber Eats', 'Self-employed couriers who log in when they choose, paid per trip. Right-to-work and identity checks apply.'],
            ['Deliveroo', 'Self-employed riders and drivers, paid per order, with a right to use a substitute under the app\u2019s conditions.'],
            ['Just Eat', 'Restaurants use their own delivery staff or Just Eat\u2019s courier network; check who engages you and on what terms.'],
          ],
        },
        {
          type: 'p',
          text: 'Before you start with anyone, find out: how pay is worked out and when it is paid; what is deducted (van hire, insurance, scanner, uniform, damaged or missing parcels); who provides the vehicle and insurance; what happens if a parcel is lost; how much notice either side must give; and whether you can send a substitute. Get it in writing and keep copies of every statement.',
        },
      ],
    },
    {
      id: 'expenses',
      heading: 'Expenses and the mileage allowance',
      blocks: [
        {
          type: 'p',
          text: 'If you are self-employed you pay tax on profit: your income minus allowable expenses. An expense is allowable if it is wholly and exclusively for your business; for something used privately too, claim only the business share.',
        },
        {
          type: 'list',
          items: [
            'Usually allowable: vehicle costs (actual costs or the flat mileage rate), parking and tolls, congestion and clean-air-zone charges, goods in transit and public liability insurance, phone and data (business share), protective clothing and uniform, sack trucks, bags and phone mounts, accountancy fees, bank charges on a business account, training for the job.',
            'Not allowable: parking and speeding fines and penalty charge notices, everyday clothing, and private use of anything.',
          ],
        },
      ],
      subsections: [
        {
          id: 'mileage-rates',
          heading: 'Simplified expenses: the mileage rates',
          blocks: [
            {
              type: 'p',
              text: 'Instead of adding up the real costs of buying and running a vehicle, a sole trader can claim a flat rate for each business mile. The flat rate replaces fuel, insurance, repairs, servicing, vehicle tax, MOT and the cost of the vehicle itself; parking, tolls and congestion charges can still be claimed on top.',
            },
            {
              type: 'table',
              caption: 'HMRC flat rates per business mile (2026/27)',
              head: ['Vehicle', 'Rate'],
              rows: [
                ['Cars and vans (goods vehicles), first 10,000 business miles in the tax year', '45p a mile'],
                ['Cars and vans, each business mile after 10,000', '25p a mile'],
                ['Motorcycles', '24p a mile'],
                ['Bicycles', '20p a mile (HMRC\u2019s approved rate for employees; simplified expenses for the self-employed list only cars, goods vehicles and motorcycles, so a self-employed cyclist normally claims actual costs)'],
              ],
            },
            {
              type: 'p',
              text: 'Example: 18,400 business miles in a van in 2026/27 gives 10,000 × 45p = £4,500 plus 8,400 × 25p = £2,100, a claim of £6,600.',
            },
          ],
        },
        {
          id: 'actual-or-flat',
          heading: 'Actual costs or the flat rate: you cannot mix them',
          blocks: [
            {
              type: 'list',
              items: [
                'For each vehicle you choose one method. You cannot claim the mileage rate and also claim fuel, insurance or repairs for the same vehicle.',
                'You cannot use the flat rate for a vehicle you have already claimed capital allowances on, or whose costs you have already deducted as expenses.',
                'Once you use the flat rate for a vehicle, you must keep using it for as long as you use that vehicle in your business.',
                'The flat rate tends to favour cheap-to-run, high-mileage vehicles; actual costs tend to favour expensive vehicles, high hire or finance payments and big repair bills. Run both sums for your first year (the [pay estimator](/pay-estimator) shows both) and use HMRC\u2019s simplified expenses checker.',
                'With actual costs, the purchase of a van is normally claimed through capital allowances (usually the Annual Investment Allowance), and cars through capital allowances at rates that depend on their CO2 emissions. Check the current rules or ask an accountant.',
                'Whatever the method, keep a mileage log: date, start and end points or route, and business miles. Scanner or app records help but may not show every mile.',
              ],
            },
          ],
        },
      ],
    },
    {
      id: 'safety',
      heading: 'Safety on the road and at the door',
      blocks: [],
      subsections: [
        {
          id: 'fatigue-and-hours',
          heading: 'Fatigue and drivers\u2019 hours',
          blocks: [
            {
              type: 'p',
              text: 'Tiredness is a killer on long multi-drop days. The Highway Code recommends a break of at least 15 minutes every two hours of driving. If you feel sleepy, stop somewhere safe, drink something with caffeine and nap for 15 minutes; opening a window or turning up the radio does not work.',
            },
            {
              type: 'list',
              items: [
                'Most van drivers in Great Britain fall under the GB domestic drivers\u2019 hours rules: no more than 10 hours of driving a day, and a daily duty limit of 11 hours. For an owner driver, duty time is time spent driving or doing other work connected with the vehicle and its load; the duty limit does not apply on a day you do not drive, or in a week when you drive no more than 4 hours on each day.',
                'Goods vehicles over 3.5 tonnes normally come under the assimilated (formerly EU) rules instead, with a tachograph: at most 9 hours\u2019 driving a day (10 hours twice a week) and a 45-minute break after 4.5 hours.',
                'Taking a van over 2.5 tonnes abroad for hire and reward brings extra rules, including an operator licence and tachograph requirements: check GOV.UK.',
                'It is illegal to hold and use a phone while driving, including at traffic lights: 6 penalty points and a £200 fine, and new drivers can lose their licence. Use a fixed cradle and set the route before you move.',
              ],
            },
          ],
        },
        {
          id: 'at-the-door',
          heading: 'Lone working, dogs and lifting',
          blocks: [
            {
              type: 'list',
              items: [
                'Lone working: share your route and expected finish time with someone, keep your phone charged, lock the vehicle and take the keys at every drop, and never go into a house or let anyone into the vehicle. If a situation feels wrong, leave and report it. Keep a note of incidents with times and addresses.',
                'Dogs: rattle the gate and wait before entering a garden, do not put your fingers through a letterbox (use a parcel pusher or leave the item as instructed), and keep something between you and a loose dog. Since 2014 it has been a criminal offence for a dog to be dangerously out of control on private property too, including a garden. Report attacks to the police and to the network.',
                'Lifting: plan the lift, keep the load close to your body, bend your knees, avoid twisting, and use a sack truck for heavy or awkward items. Ask for two-person handling for very heavy parcels. Back injuries end careers; a self-employed courier gets no sick pay.',
                'Weather: carry water and warm, visible, waterproof clothing. Ice on steps and paths is a common cause of falls.',
                'Parking: never park on zig-zag lines or where you block a dropped kerb or cycle lane. Pavement parking is banned in London and across Scotland, with exceptions.',
              ],
            },
          ],
        },
      ],
    },
    {
      id: 'kerbside-for-drivers',
      heading: 'Kerbside for drivers: your profile, your area, your network',
      blocks: [
        {
          type: 'list',
          items: [
            'Courier profile: in [your profile](/profile), say which networks you work for, your vehicle, your home postcode area (its letters only, such as LS: never your postcode), your years on the road and how you are engaged. Each part has its own setting: everyone, members only, or only you. What you keep to yourself is never shown and never found by the directory\u2019s filters.',
            'Verified courier badge: send one photo of your courier badge, app screen or payslip and a moderator checks it. Your posts then show, for example, \u201cVerified Evri courier\u201d. Only moderators see the photo, and it is deleted as soon as they decide.',
            'Your area: [postcode area pages](/areas) gather the posts and alerts about a place, the region\u2019s pay figures and the drivers who show that they live there. Follow your area to hear of its new posts and alerts.',
            'Local alerts: a van theft, a road closure, a depot holding drivers, parking wardens, the weather. An alert names one area and shows at the top of its page for the hours you choose (24 by default). They reach everyone who follows the area by push, so they open once your account reaches the Basic trust level, a few a day.',
            'Tags: posts carry up to three tags, the networks and topics such as ULEZ, insurance, tax and vans. [Tag pages](/tags) list them and you can follow a tag.',
            'Speaking anonymously: in the categories that allow it (Multi-drop & Parcel Networks to start with), a member at the Member trust level can post or reply anonymously. Readers see only \u201cA Kerbside member\u201d, or \u201cA verified Evri courier in LS\u201d with the parts you choose to show: never your name, profile or other posts, and your profile\u2019s counts leave it out. You can still edit or delete it, and replies reach you. The rules still apply to you: moderators can remove it, and an admin can find out who wrote it only by giving a reason that every admin can read.',
          ],
        },
      ],
    },
    {
      id: 'rights-and-help',
      heading: 'Your rights and where to get help',
      blocks: [
        {
          type: 'p',
          text: 'If pay does not arrive, deductions look wrong, you are told you are self-employed but treated like an employee, or you are removed from a platform without explanation, you do not have to sort it out alone.',
        },
        {
          type: 'table',
          caption: 'Where to get help',
          head: ['Organisation', 'What they help with'],
          rows: [
            ['[ACAS](https://www.acas.org.uk)', 'Free, impartial advice on employment rights and status; helpline 0300 123 1100. You must normally go through ACAS early conciliation before making an employment tribunal claim, and time limits are short, so contact them quickly.'],
            ['[Citizens Advice](https://www.citizensadvice.org.uk)', 'Free advice on work, money, debt, benefits and consumer problems, online, by phone or in person.'],
            ['[GOV.UK](https://www.gov.uk/working-for-yourself)', 'Official guidance on working for yourself, employment status, Self Assessment, vehicle rules and drivers\u2019 hours.'],
            ['HMRC helplines', 'Self Assessment helpline 0300 200 3310; National Insurance helpline 0300 200 3500. HMRC also runs free online webinars on becoming self-employed.'],
            ['[IWGB](https://iwgb.org.uk)', 'The Independent Workers\u2019 Union of Great Britain represents many couriers and app-based workers.'],
            ['[GMB](https://www.gmb.org.uk)', 'A general union representing drivers and couriers in parcel and logistics companies.'],
            ['Other unions', 'The Communication Workers Union (CWU) at Royal Mail and Parcelforce; Unite in logistics and transport; the App Drivers and Couriers Union (ADCU).'],
            ['[MoneyHelper](https://www.moneyhelper.org.uk)', 'Free, government-backed guidance on pensions (the self-employed are not auto-enrolled), budgeting and debt.'],
            ['[TaxAid](https://taxaid.org.uk)', 'Free tax advice for people on low incomes who cannot afford an adviser.'],
          ],
        },
        {
          type: 'list',
          items: [
            'Keep everything: contracts, remittance statements, messages from managers or the app, and your own log of hours, drops and miles. Evidence wins disputes.',
            'If a company owes you money for work done, send a written demand with a deadline. In England and Wales unpaid sums up to £10,000 can usually be claimed through the small claims track of the county court.',
            'Join a union before you need one: most cannot take up a dispute that started before you joined.',
            'Questions about something in this guide? Ask in the [forum](/forum) or [contact us](/support).',
          ],
        },
      ],
    },
  ],
};
