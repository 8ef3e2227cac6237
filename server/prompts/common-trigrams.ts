// Written by scripts/common-trigrams.ts from seed/prompts.csv; run it again rather than edit.

/** Trigrams found in at least 10% of prompts, most common first. */
export const commonTrigrams = new Set(
  `
ing and ion the tio ent ati act for pro ate ith wit ons con rea ide ter tin res ure you men per
int ect cti ive ess ers nce ist nte ble com est our rat exp tic tur nal are age sti tra ica les
str use ali all ain eme ver eat omp sta ine iti ens cal tiv ill tai nts ity ere ple mat ant eve
abl enc der pre pla ces era igh ssi nti out ten din ear her eri tor ont orm spe ted ext cre lin
ari mpl ona ame lea one nta vid sio des hat rin ail end rov lit pec rac sho ste lis sin ack rit
cat ite nsi anc ial rom sur und ask ien ght red ovi low ort ove ser imp min lan thi ren ang rma
inc ust vel gra ies man rec rie den ene por tas ana rou tha ile eta ual oun han lat ode app nde
hin hou cle ase det lig uct ert tan nes ore pti eci ins tex cri ran nat art fro fic ori cha ner
ura kin atu ria ocu ges ire clu ifi eal ace cus ign gen mar ele que tat ize nin pos ima ind tru
lem sig hig wil dat gin tte wor led ule ult sed ndi ass ues cur ini tec scr ead mai bac not usi
ard nsu ram sit ude eng xpe edi fac log nst equ ili jec fer ncl sto ach pri ral tes olo lic ast
lud ref rul ese oth rti mod col llo lar sty che tim ric ruc tyl par ark har chi sen sis ctu ded
tly lly erf ful ron ice vis fin yle ina uti cia ern tri eas met ses pli nge ntr hen his oul ary
ech esi ise cor eed uld acc gro let tem ime oll rre rst dis ffe foc tif can dow ose lor qui rel
son bas omm att war tho ans eli ors pon teg tal lle put lev rai req rip elo bil eac nam sib fil
ree ome win ani isi ope exa sha spo cen rop xpl ton mer tre dar del ell tar var dit duc med mpt
sol ata eco typ ork ous own tab nda rio fie ipt mpo rem nic ara dep siv val ost whe ema sec nee
ngl sid ven ify eep ype mme ned esc esp ete fra ici rep sub eti ike cif hes how liz ibl mal vie
als uri dev ept rch ett udi arc set rap aly len lik ull chn cin fir loc nci nds old top gge ngs
tro imi sse ale onc ory osi rce whi amp cla tch ume cts inf nto ook hea erv rge ugh iew ora add
ake arg cro mes ogr tom any tle hor ish ord ski gle nse pat fec ond onl wri bje ics ior ery thr
een ows tti ote urr oug rol ely iab irs ula ean pen ris cou emo fea ath ils unc ade key onf yst
hem nly aut opt oss cas dge fol tia evi oti rig too efe ong ppl sou ato but gre lay odu ppe ave
cce las lec tit erm hot mpr olu hel mpa nit qua ami emp loo tie lop ret cis gui hit iza cte ita
nme ugg get oca oft rds sua tel lac adi iat pac wer lue gat hic rof sca oin ves aph nfi utp bra
eff ngu sof tpu iss mos oma rev ros abi nfo dir egr ild off oto ced nim uid ool rod sea ghl mus
cod ela lut uni hni hro mag pin ger mon flo uir efi gua urc ock ole its car hti lab ogi pho sel
til nve sts sum aft cie mis shi zat abo def cap cit dia rly sug ecu mma mul ndl rsi kgr ckg els
way clo dif hav nvi vir ysi eak ays omi ied wan bri has owi ras xam zed poi zin egi lli atc eso
ked mot eth fee env fes hei pra stu sim unt mic ood pic uil ivi iro onm nct row sys eva fun hol
pea rfo edg gic mak rad lai miz rso uag ece err ppo rro sup los bui eck ink xtu ega lti oli rve
ber etr now eam iff nec bes cke ctl rag uit ets roc bot eld ppr bou lys oni rif suc vin hal hts
nne plo hli ibi ict ute ada ars ick nco upp doc eni ket mor sce spa vic fla ncy obj agi arl exi
isu lon ssu van wha air asi bre eir fte oot rim lde she tac tep ado ntl iou lyz apt blo itt ape
blu inp ida ffi ism oce avi elp nab ols uch adv alu igu sco cum gem arr cut igi tea cam ngi reg
wea ipl npu rna rts lie try ann cul dec new opi owe tag uth dee die emi ena voi ava jus oid siz
yin epl onv lus mit mpe ofe yze ala iqu lur tip urn xpr mbe nag aud etc ian lid pth rfa rks ash
iva izi rob rvi mov sli ssa cto hai lim oad pan alt arm edu etw itl cov hon kno lex aci fle iel
kee ler tua acr beh liv nar rmi sma had hed wee efo hil rib fit oal rpo cks ems mil uts bel cho
nch oke pot riv umm bal bet epe ply xtr avo efl sag day tis dom lls rde cep lif orr bro fig ito
twe exc hec ped ror ium non vat dic pas oje dan loa phe rns roj glo ndo phi erc goa lve moo osp
ske dra hoo ken niq ved eer inv vem sor sul bef riz rke bus gie gur isc lte vio ldi sat cop diu
dle dul gan reh exe roa atm eet lia eye gni gor usa ier opo phy uat bla ehe erl ila ott sil ubj
uce cli fid odi run tud api xis ich pol rta ait ede erp ngt uto bli epa fre gth ibe sph xac mbi
nan ody sic umb vit pet sks ubt eel git ips mea rne rni som xte cki dem dre fai lum neg nis rar
tmo dro net num rms rog rse uen aps esu pha rra web leg nex nen ckl llu sam bod ccu hap ker nor
cer ddi nem aki epo eps nga pes rab arn iso isp pur roo vol alo cip htl lot pts fri oki rte arp
aus sue ged nio tak hip ogy dur ewo het lla lwa niz two ama erg nha oor raf tfo upd dli dri pda
tiz yth sar tog wat asp eav iga ilt imu nol pme rot swe xec cra dly gag hey pai wel ane etu isk
ota yli alw ego gne opr pal asu eig fal ndu xpo asy aye ibr mas nev rdi unl yea oar bul div epr
hre idi oac syn ths
`
    .trim()
    .split(/\s+/),
);
