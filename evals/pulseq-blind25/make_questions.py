# blind25: writes questions.jsonl and runs all mechanical checks. blind24's make_questions.py with this set's questions and
# these changes, marked 'blind25': paths /tmp/blind25_*, seed 251 for the kind-of-sequence walk, which also skips the
# scripts labelled under blind24's kinds of sequence (PREV_KIND, so that the kinds are fresh), this set's draws in the order
# asserts plus an assert that none of them is one of blind24's draws, and this set's spec pages and key phrases.
# Everything else (regexes, field checks, the package- and class-folder-scoped api check, caller checks incl. blind17's
# string-aware MATLAB comment cut, the page checks in both PDF copies) is blind24's (i.e. blind17's), unchanged. Reads
# /tmp/blind25_all.txt and /tmp/blind25_callers.json (written by the listing command in README.md /
# draw_example_funcs.py). Needs pdftotext/pdfinfo (poppler-utils) for the page checks. Run from anywhere (paths are
# absolute).
import json, os, re, sys, subprocess, random
from collections import Counter
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind25_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 10 named-function example requests, draw order (6 MATLAB, then 4 Python)
fx('which demo prints the peak slew rate of its gradient waveform converted from Hz/m/s into T/m/s with mr.convert, next to the percentage of the system limit that it uses?','mr.convert','matlab','b')
fx("mr.aux.isOctave in the demos: a script that checks whether it runs under Octave before drawing vertical lines at the block start times in a plot of a flag's evolution, falling back to an ordinary line plot otherwise",'mr.aux.isOctave','matlab','a')
fx('I want to try RF shimming on a two-channel transmit system by adding a different complex weight per channel to the excitation block in each repetition; point me to the demo that builds those shim objects with mr.makeRfShim','mr.makeRfShim','matlab','c')
fx('where is mr.aux.rotmat.z used in the demos, for example to build the rotation of a field-of-view transform that turns copies of a first spiral pass into the remaining interleaves?','mr.aux.rotmat.z','matlab','b')
fx('I need to read blocks back out of a sequence I have just built, either to check that two blocks add up to the intended TR or to copy only the RF and ADC events of every block into a second sequence for SAR testing; which demos call seq.getBlock?','seq.getBlock','matlab','c')
fx('mr.makeDigitalOutputPulse examples: demos that play a short digital output pulse on an oscilloscope or external trigger channel together with the excitations, for instance in EPI or in a cine gradient echo','mr.makeDigitalOutputPulse','matlab','a')
fx('is there a pypulseq example that replaces a block of a sequence read from a file with seq.set_block, for instance after swapping the first RF pulse for a Hamming-windowed sinc with a 45 degree flip angle?','seq.set_block','python','b')
fx('In pypulseq I want the time of the effective centre of my RF pulse so that I can compensate the phase of off-centre slices and compute TE delays from the pulse centre; which example scripts call pp.calc_rf_center?','pp.calc_rf_center','python','c')
fx('pypulseq pp.make_digital_output_pulse example: an oscilloscope trigger of 100 us played with every slice excitation','pp.make_digital_output_pulse','python','a')
fx('which pypulseq examples create an adiabatic inversion pulse with pp.make_adiabatic_pulse, say a hyperbolic secant of about 10 ms for an inversion-prepared 3D acquisition?','pp.make_adiabatic_pulse','python','b')
# --- 10 kind-of-sequence example requests, walk order; none names a language, a file or an identifier
ex('is there a single-slice gradient-echo EPI with ramp sampling and no labels at all: a 110 degree Gaussian fat saturation of 8 ms followed by a slice spoiler, a 2 ms sinc excitation on a 4 mm slice with its slice-offset phase compensated, an output trigger with every excitation, 64 by 64 over 256 mm with full phase sampling, a 420 us readout whose trapezoid is stretched so that the area between the blips covers the k-space width, negative phase blips split into halves and merged across neighbouring readouts, the dwell time rounded down to 100 ns, the number of samples a multiple of four and the sampling window centred on the readout to 1 us, a switch to turn phase encoding off for delay calibration, 32 mT/m and 130 T/m/s?',
   [M+'writeEpiRS.m'],'none','b')
ex("I'd like a single-shot half-Fourier turbo spin echo of the HASTE type: a 2500 us sinc excitation with a 90 degree phase and 2 ms sinc refocusing pulses of 180 degrees, both with a time-bandwidth product of 4 on a 5 mm slice, every gradient ramp fixed at 250 us, the slice-selection and readout gradients cut at the block boundaries into piecewise-linear pieces with spoilers on both sides of each refocusing pulse, an echo spacing of 12 ms, an echo train of half the phase-encoding lines plus eight that starts eight lines before the k-space centre, phase encoding before and rewinding after every echo, a 6400 us sampling window, a 256 mm field of view, TR 2 s, 30 mT/m and 170 T/m/s. Which example is that?",
   [M+'writeHASTE.m',P+'write_haste.py'],'none','c')
ex('labelled 2D spoiled gradient echo with three echo times of 4380 us, 6840 us and 12 ms, each acquired after its own excitation with an echo counter incremented between them and reset after the third, 256 by 256 over 224 mm, 15 degrees with a 3 ms sinc on a 5 mm slice, TR 20 ms, a 3200 us readout, RF spoiling with an 84 degree increment, the phase encoding rewound inside the spoiler block, the left-right reversal flag set once, the whole acquisition played twice with line and slice counters reset before and a repetition counter incremented after each pass, the echo times and TR written as definitions, 28 mT/m and 150 T/m/s',
   [M+'writeGRE_multiEcho_label.m'],'none','a')
ex('do you have a toy sequence, not meant for imaging, on GE raster times (a 4 us gradient and block raster, a 2 us RF and ADC raster) that shows GE segment (TRID) numbers being assigned automatically from segment names: four rounds, each with a non-selective 10 ms sinc inversion of time-bandwidth 8, a crusher and a recovery delay of 5, 25, 100 or 250 ms under a name numbered per round, then a 110 degree fat saturation with a crusher under a fixed name, then eight 10 degree slice-selective 2 ms sinc excitations each followed by a 128-sample readout under a third name, printing the name history and the number-to-name table at the end, with 40 mT/m and 180 T/m/s?',
   [M+'write_demo_automatic_TRID_labels.m'],'none','b')
ex("I need a fast 2D radial gradient echo with two blocks per spoke in which the gradient objects themselves are rotated about the slice axis for every spoke, without rotation events: a 400 us sinc with a time-bandwidth product of 2 on a 6 mm slice, 5 degrees, a slice spoiler built into the ramp-up of the slice selection and then split off so that it plays at the end of the previous spoke's readout block, leading straight into the next excitation, with a lone spoiler block at the very start and a final slice-selection block to ramp down, the readout prephaser aligned to end with the slice rephaser, 240 samples over 240 mm with twofold oversampling in a 1200 us window, the readout flat top lengthened for spoiling by about half the maximum k, 256 spokes over 180 degrees, 10 dummy spokes without acquisition, RF spoiling with an 84 degree increment, TE and TR as short as possible, 28 mT/m and 120 T/m/s. Which example is that?",
   [M+'writeFastRadialGradientEcho.m'],'none','c')
ex('multi-shot 2D turbo spin echo with 16 echoes per excitation, a 256 by 256 matrix over 256 mm on one 5 mm slice, the first echo at 12 ms and TR 2 s, the phase-encoding order shifted circularly so that the echo nearest an effective TE of 100 ms falls on the k-space centre, one leading dummy shot without phase encoding or acquisition, a 2500 us sinc excitation with a 90 degree phase and 2 ms 180 degree sinc refocusing pulses with a time-bandwidth product of 4, all ramps 250 us, gradients split at the block boundaries into piecewise-linear pieces, a 6400 us sampling window, the phase of off-centre slices compensated, data labels generated automatically at the end with mirrored Fourier and descending slice order, 30 mT/m and 170 T/m/s',
   [M+'writeTSE.m'],'none','a')
ex('is there a 3D zero-echo-time sequence of the PETRA type set up for sodium, with the gyromagnetic ratio of sodium in the system limits, a 240 mm field of view at 1 mm resolution, a 6 degree 50 us Gaussian excitation played with the readout gradient already on, 300 readout points over 1800 us, the spokes spread over the sphere in golden-angle steps with eightfold undersampling, the missing centre filled by fully sampled single-point shells and one sample at the k-space centre, short gradient transitions between spokes and a return to zero gradient between interleaves, the number of samples per shell written as a definition, 36 mT/m and 180 T/m/s?',
   [M+'writeZTE_Petra_sodium.m'],'none','b')
ex('basic multi-slice gradient-echo EPI for teaching, without ramp sampling: three 3 mm slices, 64 by 64 over 220 mm, a 3 ms sinc excitation with a time-bandwidth product of 4, 64 samples at a 4 us dwell with the readout flat top rounded up to 10 us and the sampling window centred on it, readout and phase prephasers and a slice rephaser of 800 us, the shortest possible phase blips played in blocks of their own between readouts, the readout polarity alternated, no fat saturation, no trigger and no labels, 32 mT/m and 130 T/m/s',
   [M+'writeEpi.m',P+'write_epi.py'],'none','a')
ex('is there a plain non-selective FID experiment: a 90 degree hard pulse of 300 us in a 20 ms block, followed by a 5 s block that acquires 4096 samples over 512 ms, repeated 16 times, with default system limits and only a name definition?',
   [M+'writeFid.m'],'none','b')
ex("I'm after a ramp-sampled diffusion-weighted spin-echo EPI prepared for prospective motion correction: a flag allowing motion correction set together with every excitation and cleared at the start of the first diffusion gradient, one Stejskal-Tanner gradient pair on the slice axis for a b-value of 1000 s/mm2 sized by a formula for rectangular gradients, TE 100 ms, partial Fourier of three quarters, half-blips merged across neighbouring readouts, three 2 mm slices, 112 by 112 over 224 mm, a 630 us readout, 3 ms sinc excitation and refocusing pulses with the refocusing pulse phase-shifted by 90 degrees and its slice gradient extended to carry the slice rephasing of the excitation, a 110 degree Gaussian fat saturation of 8 ms, an output trigger with every excitation, plots of the flag's evolution over blocks and over time, 38 mT/m and 180 T/m/s. Which example is that?",
   [M+'writeEpiDiffusionRS_PMC.m'],'none','c')
# --- 8 spec questions (6 MATLAB-named, 2 Python-named)
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp('I check exported files with mr.verifyFileSignature. What does the specification say about the signature section: is it required, how is the signature produced, what happens to the newline before the section keyword when verifying, and which two fields must the section contain and in what format?',[8],'matlab','c')
sp('MATLAB seq.read and the numbers in a sequence file: how the specification says integers, floating-point values, IDs and shape samples are stored',[6],'matlab','a')
sp('which definitions does the specification reserve when I add definitions with seq.setDefinition: since which revision, which of them are required and what do the four raster-related ones mean, and which are optional?',[9],'matlab','b')
sp("I build a hard-pulse FID with mr.makeBlockPulse and want to compare my file with the example at the start of the specification. What do the example's three blocks contain and how long are they, what amplitude, center, delay and use does its RF event have, what are the sample count, dwell and delay of its ADC, and how are its two shapes of 300 samples written?",[4,5],'matlab','c')
sp('seq.registerAdcEvent and the [ADC] example in the specification: what the example line describes, and what the frequency and phase offsets of an ADC, including the ppm-based ones, are meant to be used for',[16],'matlab','a')
sp('mr.aux.version reports the Pulseq version my files are written with; what does the specification say about the version section: its numbering scheme, what an interpreter may do if the section is missing, and what is recommended in that case?',[7],'matlab','b')
sp('pypulseq seq.set_definition and the file: what the [DEFINITIONS] example of the specification contains besides the raster times, whether definitions that are not required affect how the sequence runs, and what they may be used for',[9,10],'python','a')
sp("I'm writing my sequence with pypulseq seq.write() and want to read the file by hand; under which section keywords does the specification place the events, and how is each single event written?",[11],'python','c')
# --- 12 api questions (9 params: 6 MATLAB, 3 Python; 3 returns: 2 MATLAB, 1 Python), draw order of draw_api.py
def api(q,lang,entry,check,rel,style):
    Q.append(dict(_cls=lang,_style=style,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
SQ=A+'@Sequence/Sequence.m'
api('I want the relative energy, peak power and RMS amplitude of one RF pulse; which inputs does mr.calcRfPower take, and can I choose the resampling step?','matlab','calcRfPower','params',[A+'calcRfPower.m'],'c')
api('which inputs and name/value options does mr.traj2grad accept when converting a k-space trajectory into gradient waveforms?','matlab','traj2grad','params',[A+'traj2grad.m'],'b')
api('mr.calcRamp parameters','matlab','calcRamp','params',[A+'calcRamp.m'],'a')
api('what arguments does seq.modGradAxis expect for inverting or scaling all gradients on one axis?','matlab','modGradAxis','params',[SQ],'b')
api('I want to merge a prephaser and a spoiler on the same axis into a single gradient event; what does mr.addGradients take as inputs and options?','matlab','addGradients','params',[A+'addGradients.m'],'c')
api('what are the parameters of mr.compressShape, and what does the second one do?','matlab','compressShape','params',[A+'compressShape.m'],'b')
api('I have two pairs of k-space points and want the shortest connecting trajectory under gradient and slew limits; what parameters does pypulseq pp.calc_ramp take?','python','calc_ramp','params',[PA+'calc_ramp.py'],'c')
api('pypulseq make_slr() parameters, make_sigpy_pulse.py','python','make_slr','params',[PA+'make_sigpy_pulse.py'],'a')
api('pypulseq: which parameters does calculate_gradient_spectrum() in Sequence/calc_grad_spectrum.py take, and what are their defaults?','python','calculate_gradient_spectrum','params',[PA+'Sequence/calc_grad_spectrum.py',PA+'Sequence/sequence.py'],'b')
api('I pass several events of one block to mr.calcDuration to lay out my timing; what exactly does it return?','matlab','calcDuration','returns',[A+'calcDuration.m'],'c')
api('what does seq.registerLabelEvent return?','matlab','registerLabelEvent','returns',[SQ],'b')
api('pypulseq safe_example_gwf() return values, utils/safe_pns_prediction.py','python','safe_example_gwf','returns',[PA+'utils/safe_pns_prediction.py'],'a')

# ---------------- checks
assert len(Q)==40
MAT=re.compile(r'\b(mr(\.\w+)+|seq\.[a-z]+[A-Z]\w*)')
PY=re.compile(r'\b(pp\.\w+|seq\.[a-z]+_\w+|[a-z]+_[a-z_]+|\w+\(\))')
cnt={'matlab':0,'python':0,'none':0}
for q in Q:
    t=q['query']; c=q['_cls']; cnt[c]+=1
    m=bool(MAT.search(t)) or bool(re.search(r'\bseq\.\w+',t) and 'matlab' in t.lower()); p=bool(PY.search(t))
    if c=='matlab': assert m,t
    elif c=='python': assert p and not m,t
    else: assert not m and not p and not re.search(r'\w\.\w',t),t
print('named counts',cnt); assert cnt=={'matlab':20,'python':10,'none':10}
grp=Counter((q['kind'],q['check'],q['_cls']) for q in Q); print(sorted(grp.items()))
assert grp[('api','params','matlab')]==6 and grp[('api','params','python')]==3
assert grp[('api','returns','matlab')]==2 and grp[('api','returns','python')]==1
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='params')==9
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='returns')==3
assert grp[('example','code','matlab')]==6 and grp[('example','code','python')]==4 and grp[('example','code','none')]==10
assert sum(1 for q in Q if q['kind']=='example')==20
assert sum(1 for q in Q if q['kind']=='example' and q.get('_fn'))==10
assert sum(1 for q in Q if q['kind']=='example' and not q.get('_fn'))==10
assert all(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']!='none')
assert not any(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']=='none')
assert grp[('spec','text','matlab')]==6 and grp[('spec','text','python')]==2 and grp[('spec','text','none')]==0
assert sum(1 for q in Q if q['kind']=='spec')==8
# every question: the fields of its kind (as blind10/blind12)
for q in Q:
    assert q['answerable'] is True
    assert q['expected_source']=={'example':'examples','api':'api_reference','spec':'docs'}[q['kind']]
    assert q['check']=={'example':'code','spec':'text'}.get(q['kind'],q['check']) and q['check'] in ('code','text','params','returns')
    assert ('pages' in q)==(q['kind']=='spec') and (('entry' in q)==('lang' in q)==(q['kind']=='api'))
    if q['kind']=='spec': assert q['relevant']==SPEC
# Python-named queries say pypulseq; no-identifier queries name no language; MATLAB-named queries carry their prefix
for q in Q:
    if q['_cls']=='python': assert 'pypulseq' in q['query'],q['query']
    if q['_cls']=='none': assert not re.search(r'matlab|python|pypulseq',q['query'],re.I),q['query']
    if q['_cls']=='matlab': assert re.search(r'\b(mr|seq)\.',q['query']),q['query']
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# names and stems of all 59 example scripts: no query contains one
allf=[l.strip() for l in open('/tmp/blind25_all.txt') if l.strip()]
assert len(allf)==59
stems=[os.path.splitext(os.path.basename(l))[0] for l in allf]
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
# api: entry defined in the first relevant file, and relevant = every file of its language's API tree defining it
for q in Q:
    if q['kind']!='api': continue
    src=open(os.path.join(D,q['relevant'][0]),encoding='utf-8',errors='replace').read()
    rx=(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?'+q['entry']+r'\s*\(') if q['lang']=='matlab' else (r'^[ \t]*def\s+'+q['entry']+r'\s*\(')
    assert re.search(rx,src,re.M),q['entry']
    tree=os.path.join(D,'pulseq/matlab/+mr' if q['lang']=='matlab' else 'pypulseq/src/pypulseq')
    defs=[]
    for dp,dn,fn in os.walk(tree):
        for f in fn:
            if f.endswith('.m' if q['lang']=='matlab' else '.py'):
                p=os.path.join(dp,f)
                if re.search(rx,open(p,encoding='utf-8',errors='replace').read(),re.M): defs.append(os.path.relpath(p,D))
    # blind15: only files in the package the query names (mr.aux.quat.<name> -> +mr/+aux/+quat/, mr.<name> -> +mr/,
    # seq.<name> -> +mr/@Sequence/); Python unchanged (every defining file)
    # blind16: a capitalised component is a class folder (mr.EventLibrary -> +mr/@EventLibrary/); if the query has no
    # '<qualifier>.<entry>' (the find_mat question says 'find_mat function in the mr.EventLibrary class folder'), the
    # qualifier is the query's first mr./seq. token
    if q['lang']=='matlab':
        mq=re.search(r'\b((?:mr|seq)(?:\.\w+)*)\.'+q['entry']+r'\b',q['query']) or re.search(r'\b((?:mr|seq)(?:\.\w+)+)',q['query'])
        pref=mq.group(1)
        pdir='pulseq/matlab/+mr/@Sequence' if pref=='seq' else 'pulseq/matlab/'+'/'.join(('@'+x if x[0].isupper() else '+'+x) for x in pref.split('.'))
        other=[d for d in defs if os.path.dirname(d)!=pdir]
        if other: print('  api',pref+'.'+q['entry'],'also defined (other package, not labelled):',other)
        defs=[d for d in defs if os.path.dirname(d)==pdir]
    assert sorted(defs)==sorted(q['relevant']),(q['entry'],defs)
    assert q['entry'] in q['query']
# api entries are draw_api.py's picks, in draw order
# blind25: this set's draw
assert [q['entry'] for q in Q if q['kind']=='api']==['calcRfPower','traj2grad','calcRamp','modGradAxis','addGradients',
  'compressShape','calc_ramp','make_slr','calculate_gradient_spectrum','calcDuration','registerLabelEvent',
  'safe_example_gwf']
# blind17: the MATLAB comment cut of the raw-text caller check skips '%' inside string literals (writeSpiral.m calls
# mr.convert inside fprintf('... %g ...', mr.convert(...)), which a plain split at the first '%' would cut off); a quote
# after a letter, digit, ')', ']', '}', '.' or another quote is a transpose, not a string start
def mcode_part(line):
    instr=None
    for i,ch in enumerate(line):
        if instr:
            if ch==instr: instr=None
            continue
        if ch=='%': return line[:i]
        if ch=='"': instr='"'
        elif ch=="'" and not (i>0 and (line[i-1].isalnum() or line[i-1] in "_)]}.'")): instr="'"
    return line
# labelled example scripts really call the named function: raw text, a non-comment line with the (qualified) name
# followed by "(" or end of word (not a longer name, not an assignment), in addition to the draw's parser
for q in Q:
    if q.get('_fn'):
        fn=q['_fn']; pat=(r'\bseq\w*\.'+re.escape(fn[4:]) if fn.startswith('seq.') else r'\b'+re.escape(fn))+r'\b(?!\s*=[^=])'
        for r in q['relevant']:
            src=open(os.path.join(D,r),encoding='utf-8',errors='replace').read()
            lines=[l for l in src.split('\n') if re.search(pat,mcode_part(l) if r.endswith('.m') else l.split('#')[0])]
            assert lines,(fn,r)
            assert r.endswith('.m')==(q['_lang']=='matlab')
        # and every script of that language that calls it is labelled (callers list = relevant)
        assert q['relevant']==callers[f"{q['_lang']} {fn}"] and q['relevant']
        assert fn in q['query']
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# the drawn functions are those printed by draw_example_funcs.py (in draw order), none of them an api entry of this set
exfns=[q['_fn'] for q in Q if q.get('_fn')]
# blind25: this set's draw
assert exfns==['mr.convert','mr.aux.isOctave','mr.makeRfShim','mr.aux.rotmat.z','seq.getBlock','mr.makeDigitalOutputPulse',
  'seq.set_block','pp.calc_rf_center','pp.make_digital_output_pulse','pp.make_adiabatic_pulse']
# blind25: none of this set's drawn names (example functions, api entries; last name component) is one of blind24's draws
PREV_SET={'registerRfEvent','addTRID','waveforms_and_times','makeArbitraryGrad','addRamps','findFlank',
 'get_block','add_gradients','apply_soft_delay','make_extended_trapezoid',
 'makeArbitraryRf','makeExtendedTrapezoidArea','rfFromLibData','containers_map_lookup_ik','sound','writeBinary',
 'registerRotationEvent','normalize','split_gradient_at','safe_tau_lowpass','make_sinc_pulse','register_grad_event'}
assert not ({f.split('.')[-1] for f in exfns}|{q['entry'] for q in Q if q['kind']=='api'})&PREV_SET
assert not {f.split('.')[-1] for f in exfns}&{q['entry'] for q in Q if q['kind']=='api'}
# example relevants only under example dirs
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P)) and r in allf,r
# kind-of-sequence walk re-run: shuffle with seed 251 (blind25); skip scripts that are not a sequence, scripts labelled under
# one of blind24's kinds (blind25: PREV_KIND, from blind24's README, #11-20) and scripts already labelled under a kind kept
# earlier; the first 10 kept are the drawn files, each the first entry of its label list
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
NOT_SEQ={P+'demo_read.py',P+'pns_test.py',P+'soft_delay_simple_example.py'}
# blind25: every script blind24 labelled under its kinds of sequence (#11-20)
PREV_KIND={P+'write_epi_se.py',M+'writeEpiSpinEcho.m',M+'writeGRE_rfShim.m',P+'write_mprage.py',M+'writeMPRAGE.m',
 M+'writeRadialGradientEcho_rotExt.m',M+'writeFastRadialGradientEcho_rotExt.m',M+'writePRESS.m',M+'writeEpiDiffusionRS.m',
 M+'writeGradientEcho_grappa.m',M+'writeSpiral.m',P+'write_gre_label_softdelay.py'}
assert PREV_KIND<=set(allf)
f=list(allf); random.seed(251); random.shuffle(f)
kept=[]; labelled=set(); skipped=[]
for x in f:
    if len(kept)==10: break
    if x in NOT_SEQ: skipped.append((x,'not a sequence')); continue
    if x in PREV_KIND: skipped.append((x,'labelled by blind24')); continue
    if x in labelled: skipped.append((x,'already labelled')); continue
    i=len(kept); kept.append(x); labelled|=set(ks[i]['relevant'])
print('walk kept',len(kept),'skipped',skipped)
assert [q['relevant'][0] for q in ks]==kept
# no script labelled for two kinds (the kinds are distinct)
lab=[r for q in ks for r in q['relevant']]; assert len(lab)==len(set(lab))
# functions named by the spec questions are not among the drawn example functions nor this set's api entries
specfns=[fn for q in Q if q['kind']=='spec' for fn in re.findall(r'\b(?:mr|pp|seq)(?:\.\w+)+',q['query'])]
print('spec functions',specfns)
assert len(specfns)==8 and not set(specfns)&set(exfns)
assert not {f.split('.')[-1] for f in specfns}&{q['entry'] for q in Q if q['kind']=='api'}
# spec pages exist in both PDF copies and every key phrase of the answer is on the labelled pages of BOTH copies
def npages(f): return int(re.search(r'^Pages:\s+(\d+)',subprocess.run(['pdfinfo',os.path.join(D,f)],capture_output=True,text=True).stdout,re.M).group(1))
def ptext(f,p): return subprocess.run(['pdftotext','-layout','-f',str(p),'-l',str(p),os.path.join(D,f),'-'],capture_output=True,text=True).stdout
def norm(t): return re.sub(r'\s+',' ',t).replace('[ ','[').replace(' ]',']')
n1,n2=npages(SPEC[0]),npages(SPEC[1]); print('pdf pages',n1,n2)
same=[p for p in range(1,min(n1,n2)+1) if ptext(SPEC[0],p)==ptext(SPEC[1],p)]
print('identical pages',same)
# blind25: this set's pages and key phrases
KEY={4:['1.1 Example Before defining the detailed specification, a simple example is presented to demonstrate the main structure of a sequence',
        'Below is a simple FID experiment with RF pulse, delay and ADC readout'],
     5:['Name fid',
        '# NUM DUR RF GX GY GZ ADC EXT [BLOCKS] 1 42 1 0 0 0 0 0 2 500 0 0 0 0 0 0 3 10244 0 0 0 0 1 0',
        '# id ampl. mag_id phase_id time_shape_id center delay freqPPM phasePPM freq phase use',
        '[RF] 1 833 .333 1 2 0 150 100 0 0 0 0 e',
        '# id num dwell delay freqPPM phasePPM freq phase phase_id # .. .. ns us ppm rad / MHz Hz rad .. [ADC] 1 1024 100000 20 0 0 0 0 0',
        '[SHAPES] shape_id 1 num_samples 300 1 0 0 297 shape_id 2 num_samples 300 0 0 298'],
     6:['The numeric values are declared exactly as described below with storage defined by the value type',
        'In general, integer types are stored as 64-bit unsigned integers while floating-point numbers are in the 64-bit IEEE 754 floating- point format',
        'Exceptions are <id> values, which are 32-bit integers',
        'Shapes are stored as 32-bit single-precision floats'],
     7:['2.3 Version The versioning scheme is ⟨major⟩.⟨minor⟩.⟨revision⟩',
        'Providing the version of the standard is vital for sequence execution',
        'If this sec- tion is not provided, the interpreter sequence may either refuse execution or as- sume version 1.0.0',
        'It is recommended to reject Pulseq files without [VERSION] section'],
     8:['The Pulseq file may end with an optional section [SIGNATURE] as in the example below',
        'The signature is generated by hashing the readily exported file with a corre- sponding algorithm (in this example md5sum) and appending the [SIGNATURE] section',
        'The new line character preceding the keyword [SIGNATURE] is part of the signature and needs to be stripped away for the signature verification',
        'The [SIGNATURE] section must contain two following fields along with any additional information in the format identical to that of [DEFINITIONS]',
        'Type string ID of the hashing algorithm (e.g. md5, sha1 or sha256)',
        'Hash string Hash value produced by the hashing function in the hexadec- imal format'],
     9:['FOV 0 .256 0 .256 0 .004 Name epi TE 0 .005 TR 0 .01 TotalDuration 0 .04268',
        'Starting from the Pulseq format revision 1.4.0, the following definitions are re- served, some of which are optional, whereas the definitions labeled as required are compulsory',
        'GradientRasterTime Default raster time (dwell time) of required the shaped gradient events, speci- fied in seconds',
        'RadiofrequencyRasterTime Default raster time (dwell time) of required the radio-frequency pulse shapes, specified in seconds',
        'AdcRasterTime The value defining the alignment required of the ADC dwell times; ADC dwell time must be integer mul- tiple of the specified AdcRaster- Time',
        'BlockDurationRaster The value defining the alignment required of the block durations, specified in seconds; the physical block duration must be integer multi- ple of the specified BlockDura- tionRaster',
        'Name Human-readable name of the se- optional quence',
        'FOV Field of view specified in meters optional in x, y and z directions given as a space-separated list of numbers',
        'TotalDuration Total duration of the sequence is optional seconds',
        'It is important to note that all definitions that are not required are optional and do not affect the basic sequence execution',
        'Precise timing is given by the low-'],
     10:['level specification of events',
         'The definitions section may be used for arbitrary user-specific purposes, including attaching metadata or hardware-dependent pa- rameters',
         'Some Pulseq file interpreters use optional Definitons to make decisions about the sequence execution or aid user parameter choises on the scanner'],
     11:['2.8 Events Events are defined in sections, each starting with one the following keywords: [RF], [GRADIENTS], [TRAP], [ADC] or [EXTENSIONS]',
         'Each event is specified on a single line and contains an ID followed by type-specific definition'],
     16:['Example: [ADC] 1 512 5000 0 0 .000 0 .000 0 .000 0 .000 0',
         'The example above contains an ADC with 512 samples, and dwell time of 5000ns, and no frequency and phase offsets',
         'The frequency and phase offset are used, for example, for RF spoiling or in-plane shifting of the FOV',
         'Offsets with the ’ppm’ suffix are usable for fat navigators']}
for q in Q:
    if q['kind']=='spec':
        assert q['pages'] and all(1<=p<=min(n1,n2) and p in KEY for p in q['pages']),q['pages']
for p,ks_ in KEY.items():
    for f_ in SPEC:
        t=norm(ptext(f_,p))
        for k in ks_: assert k in t,(f_,p,k)
assert {p for q in Q if q['kind']=='spec' for p in q['pages']}==set(KEY)
print('spec pages',sorted(p for q in Q if q['kind']=='spec' for p in q['pages']),
      '; not identical in the two copies (key phrases checked in both):',sorted({p for q in Q if q['kind']=='spec' for p in q['pages']}-set(same)))
with open(OUT,'w') as fo:
    for q in Q:
        fo.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')},ensure_ascii=False)+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
print('styles, example named / kind',sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and q.get('_fn')).items()),
      sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and not q.get('_fn')).items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
